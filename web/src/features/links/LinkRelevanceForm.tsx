import { type FormEvent, useEffect, useState } from "react";
import { SubmitButton } from "../../ui/SubmitButton";
import {
  embedContentIndex,
  getLinkRelevance,
  type LinkRelevanceSetting,
  saveLinkRelevance,
} from "./data/siteContent";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useUser } from "../auth/index";
import { linkRelevanceSettingSchema } from "@contracts/site_content";
import { ModelPicker, useAiProvider } from "../profile";

type Load = "loading" | "unavailable" | "ready";

/**
 * How internal links are ranked, for drafting and the editor's suggestions:
 * full-text search (the default, free) or embeddings (the user's own AI
 * provider and key, with the provider's default embeddings model or one of
 * its list). Switching to embeddings embeds what the content index already
 * holds; later refreshes embed what is new.
 */
export function LinkRelevanceForm() {
  const user = useUser();
  const [load, setLoad] = useState<Load>("loading");
  const [relevance, setRelevance] = useState<LinkRelevanceSetting["relevance"]>("full_text");
  const [model, setModel] = useState("");
  const { models } = useAiProvider();
  const [modelError, setModelError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState("");
  const [failure, setFailure] = useState("");

  useEffect(() => {
    getLinkRelevance()
      .then((setting) => {
        setRelevance(setting.relevance);
        setModel(setting.model ?? "");
        setLoad("ready");
      })
      .catch((error: unknown) => {
        console.error("Loading the link relevance setting failed", error);
        setLoad("unavailable");
      });
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      notifyError("Authentication required");
      return;
    }
    const parsed = linkRelevanceSettingSchema.safeParse({ relevance, model });
    if (!parsed.success) {
      setModelError(parsed.error.issues[0]?.message);
      return;
    }
    setModelError(undefined);
    setFailure("");
    setBusy(true);
    try {
      try {
        await saveLinkRelevance(user.id, parsed.data);
      } catch {
        notifyError("Failed to save the internal links setting");
        return;
      }
      notifySuccess("Internal links setting saved");
      if (parsed.data.relevance !== "embeddings") {
        setProgress("");
        return;
      }
      setProgress("Embedding your content index…");
      try {
        const pass = await embedContentIndex();
        setProgress(
          `${pass.embedded} ${pass.embedded === 1 ? "entry" : "entries"} of your content index embedded with ${pass.model}` +
            (pass.pending > 0 ? `; ${pass.pending} left for the next refresh.` : "."),
        );
      } catch (error) {
        setProgress("");
        setFailure(
          `${error instanceof Error ? error.message : String(error)}. Links are ranked by full text until the index is embedded.`,
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const disabled = load !== "ready" || busy;
  return (
    <article id="internal-links" aria-busy={load === "loading" || undefined}>
      <h2>Internal links</h2>
      <p>
        How your published posts are ranked when a draft is written and when the editor suggests links.
      </p>
      {load === "unavailable" && <p role="alert">Could not load this setting.</p>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={disabled}>
          <legend>Rank internal links by</legend>
          <label>
            <input
              type="radio"
              name="link_relevance"
              value="full_text"
              checked={relevance === "full_text"}
              onChange={() => setRelevance("full_text")}
            />
            Full-text search (default): matching words, free, no key needed
          </label>
          <label>
            <input
              type="radio"
              name="link_relevance"
              value="embeddings"
              checked={relevance === "embeddings"}
              onChange={() => setRelevance("embeddings")}
            />
            Embeddings: matching meaning, with your AI provider's key
          </label>
        </fieldset>
        {relevance === "embeddings" && (
          <>
            <ModelPicker
              label="Embeddings model"
              name="embeddings_model"
              kind="embeddings"
              value={model}
              disabled={disabled}
              error={modelError}
              fallback={{ model: models?.defaults.embeddings ?? null, label: "Provider default" }}
              help="The model your content index and each link lookup are embedded with; another model embeds the index again."
              onChange={setModel}
            />
            <p>
              <small>
                Costs: your content index is sent to the embeddings endpoint with your key when you save and when
                your sites' content is refreshed (only new and changed posts), and each link lookup embeds the
                article once. If the key or the endpoint fails, links are ranked by full text.
              </small>
            </p>
          </>
        )}
        <SubmitButton busy={busy}>Save internal links setting</SubmitButton>
      </form>
      <p aria-live="polite">{progress}</p>
      {failure && <p role="alert">{failure}</p>}
    </article>
  );
}
