import { proposedOutlineSchema, type ProposeOutlineRequest } from "@contracts/outline";
import { requestFailure } from "../../../backend/functionErrors";
import { supabase } from "../../../backend/supabase";

export type { ProposeOutlineRequest };

/** Shown when proposing an outline fails without a message of its own (the function's OUTLINE_FAILURE_MESSAGE). */
export const OUTLINE_FAILURE = "Failed to propose an outline";

/**
 * The section headings the assistant's model proposes for an idea (the
 * `propose-outline` function), for the person to edit before drafting.
 * Throws a RequestFailure with the server's message (naming the cause and
 * where it is fixed), else OUTLINE_FAILURE.
 */
export async function proposeOutline(request: ProposeOutlineRequest, signal?: AbortSignal): Promise<string[]> {
  const { data, error } = await supabase.functions.invoke("propose-outline", { body: request, signal });
  if (error) throw await requestFailure(error, OUTLINE_FAILURE);
  const parsed = proposedOutlineSchema.safeParse(data);
  if (!parsed.success) throw new Error(OUTLINE_FAILURE);
  return parsed.data.headings;
}
