import { useState } from "react";

/**
 * The errors a refused form came back with, each shown at its field until the
 * merchant changes that field (the error no longer describes what is there).
 */
export function useFieldErrors(atField: Record<string, string>) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  return {
    errorAt: (field: string) => (edited.has(field) ? undefined : atField[field]),
    hasFieldErrors: Object.keys(atField).length > 0,
    markEdited: (...fields: string[]) => setEdited((current) => new Set([...current, ...fields])),
    /** A new submit: every error it brings back shows again. */
    resetEdited: () => setEdited(new Set()),
  };
}
