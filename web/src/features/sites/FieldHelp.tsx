/** How to fix a refused connection, behind the message under the field (plain words first, details on request). */
export function FieldHelp({ help }: { help?: string }) {
  if (!help) return null;
  return (
    <details className="field-help">
      <summary>How to fix this</summary>
      <p>{help}</p>
    </details>
  );
}
