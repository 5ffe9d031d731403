/**
 * Seeding of a large media library for `palabre bench library`: one organization with an owner, a
 * member and an outside user who was given a few shares; tags on part of the media, favorites,
 * per-user rights; and N media with transcripts of realistic length (Transcript format v1, with
 * words and times) in a mixed English/French vocabulary.
 *
 * Transcripts are generated here in batches and inserted with one INSERT … SELECT per batch (the
 * rows travel as one JSON parameter), so the database computes the full-text document of each
 * media itself, through the generated `search` column, as it does for real transcripts.
 *
 * The content is deterministic (a seeded generator): a rerun builds the same library.
 */
import crypto from 'node:crypto';
import { ORGANIZATION_ROLE, RIGHT } from '@palabre/shared';
import type { DatabaseHandle } from '../db/client.ts';

/** Words planted in a known share of the media, so that searches have selective and common terms. */
export const PLANTED = {
  /** In ~40 % of the media (once to a few times in the transcript). */
  common: { word: 'budget', share: 0.4 },
  /** In ~0.1 % of the media. */
  rare: { word: 'zeppelin', share: 0.001 },
  /** In ~2 % of the media. */
  uncommon: { word: 'kaléidoscope', share: 0.02 },
} as const;

// Everyday speech in both languages, most frequent first (weights follow Zipf's law). Stop words are
// included: they make up much of real speech and the english/french configurations drop them.
const ENGLISH = `the and to of a I you it that in is we so this for on be have with but
not they what just was are do like know yeah think at can if going all about there one right
people get so well would because really or time from more out then our some me okay when now
go see need make how work want team project meeting week data client next here mean good
question point also call sure new report plan part thing issue last first way look back
customer product design budget year month quarter today tomorrow review update release server
test feature deadline schedule priority decision contract sales marketing support training
agenda action follow share document presentation numbers result target growth risk cost
invoice supplier partner strategy process quality launch version network security access
account mobile website feedback survey interview hiring office remote travel conference`;
const FRENCH = `de la le et les des en un une du est que pour qui dans pas on il je ce
nous vous a au sur plus avec ne se mais par tout fait comme bien aussi donc alors voilà oui
euh ben enfin bon être avoir faire dire aller voir savoir pouvoir falloir vouloir temps
projet réunion équipe semaine client données prochain question point rapport plan partie
chose problème dernier premier façon année mois trimestre aujourd'hui demain revue mise jour
version serveur essai fonctionnalité échéance calendrier priorité décision contrat ventes
communication accompagnement formation ordre jour action suivi partage document présentation
chiffres résultat objectif croissance risque coût facture fournisseur partenaire stratégie
processus qualité lancement réseau sécurité accès compte téléphone site retour enquête
entretien recrutement bureau télétravail déplacement conférence élève collège médecin hôpital`;

const vocabulary = (text: string) => text.split(/\s+/).filter(Boolean);

/** A small fast deterministic generator (mulberry32). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws from a word list with Zipf weights (1/rank). */
function zipf(words: string[]): (random: () => number) => string {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < words.length; i++) cumulative.push((sum += 1 / (i + 1)));
  return (random) => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
}

const drawEnglish = zipf(vocabulary(ENGLISH));
const drawFrench = zipf(vocabulary(FRENCH));

/** Standard normal deviate (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Words per media: log-normal, median 400 (about 3 minutes of speech), between 20 and 6,000. */
export const WORDS_MEDIAN = 400;
export const WORDS_MAX = 6000;
export function wordCount(random: () => number): number {
  return Math.max(20, Math.min(WORDS_MAX, Math.round(WORDS_MEDIAN * Math.exp(0.9 * normal(random)))));
}

/** One media's transcript as Transcript v1 JSON text, its word count and duration (seconds). */
export function transcriptJson(random: () => number, language: 'en' | 'fr', planted: string[]): { json: string; words: number; duration: number } {
  const total = wordCount(random);
  const draw = language === 'en' ? drawEnglish : drawFrench;
  const words: string[] = [];
  for (let i = 0; i < total; i++) words.push(draw(random));
  for (const word of planted) {
    const times = 1 + Math.floor(random() * 3);
    for (let k = 0; k < times; k++) words[Math.floor(random() * total)] = word;
  }
  const speakers = 1 + Math.floor(random() * 4);
  const turns: string[] = [];
  let time = 0.2;
  let wid = 0;
  for (let start = 0, t = 0; start < total; t++) {
    const size = Math.min(total - start, 15 + Math.floor(random() * 65));
    const speaker = `spk${t % speakers}`;
    const turnStart = time;
    const items: string[] = [];
    for (const word of words.slice(start, start + size)) {
      const length = 0.18 + random() * 0.42;
      const stime = time.toFixed(3);
      time += length;
      items.push(`{"wid":"w${wid++}","word":${JSON.stringify(word)},"stime":${stime},"etime":${time.toFixed(3)},"confidence":${(0.6 + random() * 0.4).toFixed(2)}}`);
      time += random() * 0.08;
    }
    const segment = JSON.stringify(words.slice(start, start + size).join(' '));
    turns.push(
      `{"turn_id":"t${t}","speaker_id":"${speaker}","segment":${segment},"language":"${language}","stime":${turnStart.toFixed(3)},"etime":${time.toFixed(3)},"words":[${items.join(',')}]}`,
    );
    time += 0.3 + random() * 1.2;
    start += size;
  }
  const speakerList = Array.from({ length: speakers }, (_, i) => `{"speaker_id":"spk${i}","speaker_name":"Speaker ${i + 1}"}`);
  return { json: `{"version":1,"speakers":[${speakerList.join(',')}],"text":[${turns.join(',')}]}`, words: total, duration: Math.ceil(time) };
}

const TITLES_EN = ['Team meeting', 'Client call', 'Weekly review', 'Interview', 'Product demo', 'Training session', 'Board meeting', 'Podcast episode', 'Sales call', 'Lecture'];
const TITLES_FR = [
  'Réunion d’équipe',
  'Appel client',
  'Point hebdomadaire',
  'Entretien',
  'Démonstration produit',
  'Formation',
  'Conseil d’administration',
  'Épisode de podcast',
  'Appel commercial',
  'Cours magistral',
];

export interface SeededLibrary {
  organizationId: string;
  ownerId: string;
  memberId: string;
  /** A user outside the organization with a few media shared with them. */
  externalId: string;
  tagIds: string[];
  /** A tag carried by ~5 % of the media (used by the tag filter measurement). */
  filterTagId: string;
  count: number;
  /** Total words of all transcripts. */
  words: number;
  seedMs: number;
  /** Media rows per second while seeding (generating and inserting, before the final VACUUM ANALYZE). */
  rate: number;
}

const sqlQuote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Seeds the library into a migrated, empty database. `batch` media per INSERT, `inFlight` INSERTs at
 * once; `progress` is told how many are in after each batch; `record` keeps what was seeded in the
 * database (`seededLibrary`).
 */
export async function seedLibrary(
  handle: DatabaseHandle,
  options: { count: number; batch?: number; inFlight?: number; seed?: number; record?: boolean; progress?: (done: number, elapsedMs: number) => void },
): Promise<SeededLibrary> {
  const random = generator(options.seed ?? 20261122);
  const batch = options.batch ?? 500;
  const inFlight = options.inFlight ?? (handle.kind === 'postgres' ? 2 : 1);
  const started = performance.now();
  const suffix = crypto.randomBytes(3).toString('hex');
  const exec = (text: string, values?: unknown[]) => handle.executeSql(text, values);

  const user = async (name: string) =>
    (await exec(`INSERT INTO users (email, firstname, lastname) VALUES ($1, $2, 'Bench') RETURNING id`, [`${name}-${suffix}@bench.example.org`, name])).rows[0].id as string;
  const ownerId = await user('owner');
  const memberId = await user('member');
  const externalId = await user('external');
  const organizationId = (
    await exec(`INSERT INTO organizations (name, owner_id, permissions) VALUES ($1, $2, $3::jsonb) RETURNING id`, [
      `Media library bench ${suffix}`,
      ownerId,
      JSON.stringify({ upload: true, summary: true, session: true }),
    ])
  ).rows[0].id as string;
  await exec(`INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3), ($1, $4, $5)`, [
    organizationId,
    ownerId,
    ORGANIZATION_ROLE.OWNER,
    memberId,
    ORGANIZATION_ROLE.MEMBER,
  ]);

  // 3 categories × 5 tags; tag k of the 15 is drawn with a weight that decreases with k.
  const tagIds: string[] = [];
  for (const [c, category] of ['Topic', 'Client', 'Status'].entries()) {
    const categoryId = (await exec(`INSERT INTO tag_categories (organization_id, name, color) VALUES ($1, $2, '#3366cc') RETURNING id`, [organizationId, category])).rows[0]
      .id as string;
    for (let t = 0; t < 5; t++) {
      tagIds.push(
        (await exec(`INSERT INTO tags (organization_id, category_id, name) VALUES ($1, $2, $3) RETURNING id`, [organizationId, categoryId, `${category} ${c * 5 + t + 1}`])).rows[0]
          .id as string,
      );
    }
  }
  const drawTag = zipf(tagIds);

  const epoch = Date.parse('2023-01-01T00:00:00Z');
  const span = Date.parse('2026-11-01T00:00:00Z') - epoch;
  let words = 0;
  const pending = new Set<Promise<void>>();
  for (let done = 0; done < options.count;) {
    const n = Math.min(batch, options.count - done);
    const rows: string[] = [];
    const tagRows: string[] = [];
    const favoriteRows: string[] = [];
    const rightRows: string[] = [];
    for (let i = 0; i < n; i++) {
      const index = done + i + 1;
      const id = crypto.randomUUID();
      const language = random() < 0.55 ? 'fr' : 'en';
      const status = random() < 0.96 ? 'done' : random() < 0.5 ? 'error' : 'pending';
      const planted = Object.values(PLANTED)
        .filter((p) => random() < p.share)
        .map((p) => p.word);
      const transcript = status === 'done' ? transcriptJson(random, language, planted) : null;
      words += transcript?.words ?? 0;
      const titles = language === 'en' ? TITLES_EN : TITLES_FR;
      const name = `${titles[Math.floor(random() * titles.length)]} ${index}`;
      const description =
        random() < 0.3
          ? language === 'en'
            ? `Recorded for the ${drawEnglish(random)} ${drawEnglish(random)} follow-up`
            : `Enregistré pour le suivi ${drawFrench(random)} ${drawFrench(random)}`
          : '';
      const owner = random() < 0.8 ? ownerId : memberId;
      const membersRight = random() < 0.85 ? RIGHT.READ | RIGHT.COMMENT : random() < 0.67 ? RIGHT.READ : 0;
      const created = epoch + Math.floor(random() * span);
      const updated = created + Math.floor(random() * 30 * 86_400_000);
      rows.push(
        `{"id":"${id}","owner":"${owner}","name":${JSON.stringify(name)},"description":${JSON.stringify(description)},"status":"${status}","lang":"${language}",` +
          `"mr":${membersRight},"d":${transcript?.duration ?? 'null'},"c":"${new Date(created).toISOString()}","u":"${new Date(updated).toISOString()}","t":${transcript?.json ?? 'null'}}`,
      );
      // Tags: ~35 % of the media carry 1–3 tags.
      if (random() < 0.35) {
        const tags = new Set<string>();
        const k = 1 + Math.floor(random() * 3);
        for (let j = 0; j < k; j++) tags.add(drawTag(random));
        for (const tag of tags) tagRows.push(`{"c":"${id}","t":"${tag}"}`);
      }
      if (random() < 0.01) favoriteRows.push(`{"u":"${ownerId}","c":"${id}"}`);
      if (random() < 0.005) favoriteRows.push(`{"u":"${memberId}","c":"${id}"}`);
      // Shares with the outside user (~0.2 %) and custom rights of the member (~1 %: some raised, some hidden).
      if (random() < 0.002) rightRows.push(`{"c":"${id}","u":"${externalId}","r":${random() < 0.5 ? RIGHT.READ : RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE}}`);
      if (random() < 0.01) rightRows.push(`{"c":"${id}","u":"${memberId}","r":${random() < 0.5 ? 0 : RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE}}`);
    }
    const write = async () => {
      await exec(
        `INSERT INTO conversations (id, organization_id, owner_id, name, description, status, progress, requested_language, language, members_right, duration, transcript, created_at, updated_at)
       SELECT (r->>'id')::uuid, ${sqlQuote(organizationId)}::uuid, (r->>'owner')::uuid, r->>'name', r->>'description', r->>'status',
         CASE WHEN r->>'status' = 'done' THEN 1 ELSE 0 END, r->>'lang', r->>'lang', (r->>'mr')::int, (r->>'d')::real,
         CASE WHEN jsonb_typeof(r->'t') = 'object' THEN r->'t' END, (r->>'c')::timestamptz, (r->>'u')::timestamptz
       FROM jsonb_array_elements($1::jsonb) AS r`,
        [`[${rows.join(',')}]`],
      );
      if (tagRows.length > 0) {
        await exec(`INSERT INTO conversation_tags (conversation_id, tag_id) SELECT (r->>'c')::uuid, (r->>'t')::uuid FROM jsonb_array_elements($1::jsonb) AS r`, [
          `[${tagRows.join(',')}]`,
        ]);
      }
      if (favoriteRows.length > 0) {
        await exec(`INSERT INTO favorites (user_id, conversation_id) SELECT (r->>'u')::uuid, (r->>'c')::uuid FROM jsonb_array_elements($1::jsonb) AS r`, [
          `[${favoriteRows.join(',')}]`,
        ]);
      }
      if (rightRows.length > 0) {
        await exec(
          `INSERT INTO conversation_rights (conversation_id, user_id, "right", granted_by) SELECT (r->>'c')::uuid, (r->>'u')::uuid, (r->>'r')::int, ${sqlQuote(ownerId)}::uuid FROM jsonb_array_elements($1::jsonb) AS r`,
          [`[${rightRows.join(',')}]`],
        );
      }
    };
    // The next batch is generated while this one is written; on PostgreSQL `inFlight` batches are
    // written at once, each on its own connection (the database computes their search documents).
    const writing: Promise<void> = write().finally(() => pending.delete(writing));
    pending.add(writing);
    if (pending.size >= inFlight) await Promise.race(pending);
    done += n;
    options.progress?.(done - pending.size * batch, performance.now() - started);
  }
  await Promise.all(pending);
  const insertMs = performance.now() - started;
  options.progress?.(options.count, insertMs);
  // Fresh statistics, as autovacuum would gather them on a live server (PGlite has no autovacuum).
  await exec('VACUUM ANALYZE');

  // The tag the filter measurement uses: one carried by about 5 % of the media.
  const perTag = (await exec(`SELECT tag_id, count(*)::int AS n FROM conversation_tags GROUP BY tag_id`)).rows as Array<{ tag_id: string; n: number }>;
  const filterTag = perTag.sort((a, b) => Math.abs(a.n / options.count - 0.05) - Math.abs(b.n / options.count - 0.05))[0]?.tag_id ?? tagIds[0]!;

  const library: SeededLibrary = {
    organizationId,
    ownerId,
    memberId,
    externalId,
    tagIds,
    filterTagId: filterTag,
    count: options.count,
    words,
    seedMs: performance.now() - started,
    rate: options.count / (insertMs / 1000),
  };
  if (options.record) {
    // Kept in the database, so that a kept library can be measured again without seeding it again.
    await exec(`CREATE TABLE ${SEED_TABLE} (library jsonb NOT NULL)`);
    await exec(`INSERT INTO ${SEED_TABLE} (library) VALUES ($1::jsonb)`, [JSON.stringify(library)]);
  }
  return library;
}

const SEED_TABLE = 'bench_seeded_library';

/** The library seeded into this database by `seedLibrary`, or null when there is none. */
export async function seededLibrary(handle: DatabaseHandle): Promise<SeededLibrary | null> {
  const [exists] = (await handle.executeSql(`SELECT to_regclass($1) IS NOT NULL AS found`, [SEED_TABLE])).rows as Array<{ found: boolean }>;
  if (!exists?.found) return null;
  const [row] = (await handle.executeSql(`SELECT library FROM ${SEED_TABLE}`)).rows as Array<{ library: SeededLibrary | string }>;
  if (!row) return null;
  return typeof row.library === 'string' ? (JSON.parse(row.library) as SeededLibrary) : row.library;
}

/** Sizes as the database reports them (bytes). */
export async function librarySizes(
  handle: DatabaseHandle,
): Promise<{ database: number; conversations: number; heapAndToast: number; indexes: Array<{ name: string; bytes: number }> }> {
  const exec = (text: string) => handle.executeSql(text);
  const [sizes] = (
    await exec(
      `SELECT pg_database_size(current_database())::bigint AS database, pg_total_relation_size('conversations')::bigint AS conversations, pg_table_size('conversations')::bigint AS heap`,
    )
  ).rows as Array<{ database: string; conversations: string; heap: string }>;
  const indexes = (
    await exec(`SELECT indexrelid::regclass::text AS name, pg_relation_size(indexrelid)::bigint AS bytes FROM pg_index WHERE indrelid = 'conversations'::regclass ORDER BY 2 DESC`)
  ).rows as Array<{ name: string; bytes: string }>;
  return {
    database: Number(sizes!.database),
    conversations: Number(sizes!.conversations),
    heapAndToast: Number(sizes!.heap),
    indexes: indexes.map((i) => ({ name: i.name, bytes: Number(i.bytes) })),
  };
}
