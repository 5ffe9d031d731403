// Import boundaries of the workspace, checked by ESLint (rules `palabre/imports` and
// `palabre/features`; the table of boundaries is in eslint.config.js).
//
// ESLint's own `no-restricted-imports` matches the text of the import, so `../db/schema.ts` and
// `../../db/schema.ts` would need one pattern per folder depth. These rules resolve relative imports
// against the importing file and compare paths from the repository's root instead.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Glob → RegExp: `**` any path, `*` any name part, `{a,b}` either. */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` also matches no folder at all.
      source += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '{') source += '(?:';
    else if (c === '}') source += ')';
    else if (c === ',') source += '|';
    else source += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const matcher = (globs) => {
  const list = (globs ?? []).map(globToRegExp);
  return (value) => list.some((re) => re.test(value));
};

/** Where an import leads: a repository path for relative imports, else the bare specifier. */
function target(fromFile, specifier) {
  if (!specifier.startsWith('.')) return { kind: 'package', name: specifier };
  const resolved = path
    .relative(ROOT, path.resolve(path.dirname(fromFile), specifier))
    .split(path.sep)
    .join('/');
  return { kind: 'path', name: resolved };
}

/** A package specifier matches `name` itself and its sub-paths (`drizzle-orm` ⊃ `drizzle-orm/pg-core`). */
function packageMatches(patterns, name) {
  return patterns.some((p) => name === p || name.startsWith(`${p}/`));
}

/** Calls `check(node, specifier, typeOnly)` for every import, re-export and dynamic import. */
function visitImports(check) {
  const fromDeclaration = (node) => {
    if (!node.source || typeof node.source.value !== 'string') return;
    const specifiers = node.specifiers ?? [];
    const typeOnly =
      node.importKind === 'type' || node.exportKind === 'type' || (specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    check(node.source, node.source.value, typeOnly);
  };
  return {
    ImportDeclaration: fromDeclaration,
    ExportNamedDeclaration: fromDeclaration,
    ExportAllDeclaration: fromDeclaration,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node.source, node.source.value, false);
    },
    TSImportType(node) {
      const literal = node.argument?.literal ?? node.argument;
      if (literal && typeof literal.value === 'string') check(node, literal.value, true);
    },
  };
}

const relativeFile = (context) => path.relative(ROOT, context.filename).split(path.sep).join('/');

/**
 * `palabre/imports`: a list of boundaries
 * `{ from, except?, packages?, paths?, allowTypeImports?, message }` — files matching `from` (and not
 * `except`) may not import the bare `packages` nor the repository `paths` (globs).
 */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Workspace and layer boundaries' },
    schema: [{ type: 'array' }],
  },
  create(context) {
    const file = relativeFile(context);
    const boundaries = (context.options[0] ?? []).filter((b) => matcher(b.from)(file) && !matcher(b.except)(file)).map((b) => ({ ...b, pathMatches: matcher(b.paths) }));
    if (boundaries.length === 0) return {};
    return visitImports((node, specifier, typeOnly) => {
      const to = target(context.filename, specifier);
      for (const b of boundaries) {
        if (typeOnly && b.allowTypeImports) continue;
        const hit = to.kind === 'package' ? packageMatches(b.packages ?? [], to.name) : b.pathMatches(to.name);
        if (hit) {
          context.report({ node, message: `${specifier}: ${b.message}` });
          return;
        }
      }
    });
  },
};

/**
 * `palabre/features`: a web feature (`<root>/<name>/…`) may use another feature only through the
 * files at the top of that feature's folder; its sub-folders are its own. `shared` lists the
 * sub-folders another feature may use anyway: `{ "<importing feature>": ["<feature>/<folder>"] }`.
 */
const featuresRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features use each other only through their top-level files' },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, shared: { type: 'object' } }, additionalProperties: false }],
  },
  create(context) {
    const { root, shared = {} } = context.options[0];
    const file = relativeFile(context);
    if (!file.startsWith(`${root}/`)) return {};
    const own = file.slice(root.length + 1).split('/')[0];
    return visitImports((node, specifier) => {
      const to = target(context.filename, specifier);
      if (to.kind !== 'path' || !to.name.startsWith(`${root}/`)) return;
      const parts = to.name.slice(root.length + 1).split('/');
      const feature = parts[0];
      if (feature === own) return;
      const folder = parts.slice(0, -1).join('/');
      if (/\.test\.tsx?$/.test(to.name)) {
        context.report({ node, message: `${specifier}: tests of the "${feature}" feature are its own` });
      } else if (parts.length > 2 && !(shared[own] ?? []).includes(folder)) {
        context.report({
          node,
          message: `${specifier}: "${folder}" is internal to the "${feature}" feature; use a file at the top of features/${feature}/`,
        });
      }
    });
  },
};

export default {
  meta: { name: 'palabre-boundaries' },
  rules: { imports: importsRule, features: featuresRule },
};
