import { OUTLINE_FAILURE_MESSAGE, proposedOutlineSchema, type ProposeOutlineRequest } from "@contracts/outline";
import { requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { ProposeOutlineRequest };

/**
 * The section headings the assistant's model proposes for an idea (the
 * `propose-outline` function), for the person to edit before drafting.
 * Throws a RequestFailure with the server's message (naming the cause and
 * where it is fixed), else OUTLINE_FAILURE_MESSAGE.
 */
export async function proposeOutline(request: ProposeOutlineRequest, signal?: AbortSignal): Promise<string[]> {
  const { data, error } = await supabase.functions.invoke("propose-outline", { body: request, signal });
  if (error) throw await requestFailure(error, OUTLINE_FAILURE_MESSAGE);
  const parsed = proposedOutlineSchema.safeParse(data);
  if (!parsed.success) throw new Error(OUTLINE_FAILURE_MESSAGE);
  return parsed.data.headings;
}
