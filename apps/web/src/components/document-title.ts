import { useEffect } from "react";

/** Sets the tab's title for a page (the prerendered pages already carry theirs). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
