import { supabase } from "../../../backend/supabase";

/** The user's name and phone number (profiles, filled at sign-up from its metadata). */
export type PersonalDetails = { firstName: string; lastName: string; phoneNumber: string };

export async function loadPersonalDetails(userId: string): Promise<PersonalDetails> {
  const { data, error } = await supabase
    .from("profiles")
    .select("first_name, last_name, phone_number")
    .eq("id", userId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return { firstName: data?.first_name ?? "", lastName: data?.last_name ?? "", phoneNumber: data?.phone_number ?? "" };
}

/** Saves name and phone number (the only profile columns a user may update). */
export async function savePersonalDetails(userId: string, details: PersonalDetails): Promise<void> {
  const { data, error } = await supabase
    .from("profiles")
    .update({ first_name: details.firstName, last_name: details.lastName, phone_number: details.phoneNumber })
    .eq("id", userId)
    .select("id");
  if (error) throw new Error(error.message);
  if (data.length === 0) throw new Error("Profile not found");
}
