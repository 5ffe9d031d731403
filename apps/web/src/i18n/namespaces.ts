/** One language's translations, by namespace, from its JSON files (i18n/<locale>/<namespace>.json). */
export type Namespaces = Record<string, Record<string, unknown>>;

export function namespacesOf(files: Record<string, { default: Record<string, unknown> }>): Namespaces {
  return Object.fromEntries(Object.entries(files).map(([file, module]) => [file.match(/([^/]+)\.json$/)![1]!, module.default]));
}
