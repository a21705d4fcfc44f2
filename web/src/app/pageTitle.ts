import { useEffect } from "react";

export const APP_NAME = "Inkpress";

/** "Articles · Inkpress"; the app's name alone without a screen title. */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
}

/** Sets the document's title (the browser tab, history, bookmarks) while a screen is shown. */
export function usePageTitle(screen: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
