import { useEffect, useRef, useState } from "react";
import { notifyError, notifySuccess } from "../../../lib/notify";

/** How long the check mark shows after a copy (spec §9). */
export const COPIED_MARK_MS = 2000;

function CopyIcon() {
  return (
    <svg data-icon="copy" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg data-icon="check" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/** Copies one keyword; a check mark replaces the copy icon for two seconds. */
export function CopyKeywordButton({ keyword }: { keyword: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(keyword);
    } catch {
      notifyError("Failed to copy keyword");
      return;
    }
    notifySuccess("Keyword copied to clipboard");
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MARK_MS);
  };

  return (
    <button
      type="button"
      className="copy-keyword secondary outline"
      aria-label={`Copy ${keyword}`}
      title={copied ? "Copied" : "Copy"}
      data-copied={copied || undefined}
      onClick={copy}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}
