/** The English translations (a chunk of its own, loaded by index.ts when the language is used). */
import { namespacesOf } from './namespaces.ts';

export default namespacesOf(import.meta.glob<{ default: Record<string, unknown> }>('./en-US/*.json', { eager: true }));
