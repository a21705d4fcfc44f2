import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import {
  SELECTION_EDIT_FAILURE,
  SELECTION_STREAM_EVENTS,
  selectionErrorEventSchema,
  selectionTextEventSchema,
  type EditSelectionRequest,
} from "@contracts/selection_edit";
import { failureFromBody, readFunctionError, type RequestFailure } from "../../../backend/functionErrors";
import { eventJson, readServerSentEvents } from "../../../backend/serverSentEvents";
import { supabase } from "../../../backend/supabase";

export type { EditSelectionRequest };

/** The caller stopped the suggestion (its AbortSignal fired: Discard while it streamed). */
export class SelectionEditAbortedError extends Error {
  constructor() {
    super("The suggestion was stopped");
    this.name = "SelectionEditAbortedError";
  }
}

/**
 * Asks `edit-selection` for a suggestion, streaming: `onText` gets the
 * answer so far after each piece; the `done` event's text (sanitised by the
 * function with the article allow-list) is returned. Throws
 * SelectionEditAbortedError when `signal` fires, else a RequestFailure with
 * the message to show (the function's, naming the provider's reason and
 * where it is fixed, or SELECTION_EDIT_FAILURE).
 */
export async function streamSelectionEdit(
  request: EditSelectionRequest,
  { signal, onText }: { signal: AbortSignal; onText: (textSoFar: string) => void },
): Promise<string> {
  const { data, error } = await supabase.functions.invoke<Response>("edit-selection", { body: request, signal });
  if (signal.aborted) throw new SelectionEditAbortedError();
  if (error) {
    if (!(error instanceof FunctionsHttpError || error instanceof FunctionsFetchError)) console.error(error);
    throw failureFromBody((await readFunctionError(error)) ?? {}, SELECTION_EDIT_FAILURE);
  }
  if (!(data instanceof Response) || !data.body) throw failureFromBody({}, SELECTION_EDIT_FAILURE);

  let text = "";
  let outcome: { suggestion: string } | { failure: RequestFailure } | undefined;
  try {
    for await (const { event, data: payload } of readServerSentEvents(data.body)) {
      if (event === SELECTION_STREAM_EVENTS.delta) {
        const delta = selectionTextEventSchema.safeParse(eventJson(payload));
        if (!delta.success) continue;
        text += delta.data.text;
        onText(text);
      } else if (event === SELECTION_STREAM_EVENTS.done) {
        const done = selectionTextEventSchema.safeParse(eventJson(payload));
        outcome = done.success ? { suggestion: done.data.text } : { failure: failureFromBody({}, SELECTION_EDIT_FAILURE) };
        break;
      } else if (event === SELECTION_STREAM_EVENTS.error) {
        const parsed = selectionErrorEventSchema.safeParse(eventJson(payload));
        outcome = { failure: failureFromBody(parsed.success ? parsed.data : {}, SELECTION_EDIT_FAILURE) };
        break;
      }
    }
  } catch {
    // Reading broke off: the connection failed, or the caller aborted.
  }
  if (signal.aborted) throw new SelectionEditAbortedError();
  if (outcome && "suggestion" in outcome) return outcome.suggestion;
  throw outcome?.failure ?? failureFromBody({}, SELECTION_EDIT_FAILURE);
}
