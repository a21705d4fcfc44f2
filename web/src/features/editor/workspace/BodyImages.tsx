import { Suspense } from "react";
import { LazySectionImages, type SectionImagesProps } from "../../images/index";

/** The panel's "Images in the body", loaded with the image code it needs after the editor shows. */
export function BodyImages(props: SectionImagesProps) {
  return (
    <Suspense fallback={<p className="editor-panel-note">Loading…</p>}>
      <LazySectionImages {...props} />
    </Suspense>
  );
}
