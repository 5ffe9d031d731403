/**
 * `palabre bench editor-compare`: the time to open the three-hour transcript with two builds of the
 * web client side by side, for a machine whose load varies (absolute times are noisy there). One
 * bench server per build (editor-server.ts, `WEB_DIST_DIR`), one Chromium, opens alternating
 * between them in each round (the order alternating too); the figure is the median of the per-round
 * ratios. The second of two servers started together measured a little slower than the first, so the
 * rounds are run twice, the builds swapping servers in between.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchClient } from './api.ts';
import { launchChromium, openEditor, signedInContext, type OpenSample, type Session } from './editor-browser.ts';
import { quietAudio } from './editor-seed.ts';
import { EditorServer } from './editor-server.ts';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy.ts';
import { median } from './report.ts';
import { syntheticTranscript } from './synthetic-transcript.ts';

export interface EditorCompareOptions {
  /** The web client's builds (dist folders): the one measured, and the one it is compared with. */
  build: string;
  against: string;
  /** Rounds in each of the two server orders. */
  rounds: number;
  chromium: string;
  /** Milliseconds added to every round trip between the browser and the servers (0: loopback as it is). */
  latency: number;
}

interface Side {
  server: EditorServer;
  proxy: LatencyProxy | null;
  session: Session;
  id: string;
}

async function startSide(dist: string, audio: { file: string; size: number }, latency: number): Promise<Side> {
  const server = await EditorServer.start({ WEB_DIST_DIR: dist });
  const client = new BenchClient(server.url);
  const account = await client.signUp();
  const organization = await client.request('POST', '/cm-api/api/organizations', { json: { name: 'Editor comparison' } });
  if (organization.status !== 201) throw new Error(`organization creation failed: ${organization.status}`);
  const organizationId = organization.body._id as string;
  const tokens = await client.signIn(account.email, account.password);
  const { ids } = await server.seed({ organizationId, ownerId: tokens.user_id, audio, count: 1 });
  const proxy = latency > 0 ? await startLatencyProxy(server.url, latency) : null;
  return { server, proxy, session: { url: proxy?.url ?? server.url, organizationId, tokens }, id: ids[0]! };
}

const MARKS = ['editor:join-sent', 'editor:join-answered', 'editor:document-applied'] as const;

/** Open → painted and the editor's marks, as medians. */
function summary(samples: OpenSample[]): string {
  const marks = MARKS.map((mark) => `${mark.replace('editor:', '')} ${median(samples.map((s) => s.marks[mark] ?? NaN)).toFixed(0)}`);
  return `painted ${median(samples.map((s) => s.painted)).toFixed(0)} ms; DOMContentLoaded ${median(samples.map((s) => s.scriptsLoaded)).toFixed(0)}, ${marks.join(', ')} ms`;
}

export async function benchEditorCompare(options: EditorCompareOptions): Promise<number> {
  for (const dist of [options.build, options.against]) {
    if (!fs.existsSync(path.join(dist, 'index.html'))) {
      console.error(`${dist}: not a build of the web client (no index.html)`);
      return 2;
    }
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-editor-compare-'));
  const ratios: number[] = [];
  const samples = { build: [] as OpenSample[], against: [] as OpenSample[] };
  try {
    if (options.latency > 0) console.log(`Every round trip between the browser and the servers: +${options.latency} ms`);
    console.log('Making three hours of audio…');
    const audio = await quietAudio(tmp, syntheticTranscript().duration);
    for (const order of [['build', 'against'] as const, ['against', 'build'] as const]) {
      const sides: Side[] = [];
      try {
        for (const which of order) sides.push(await startSide(options[which], audio, options.latency));
        const browser = await launchChromium(options.chromium);
        try {
          const contexts = await Promise.all(sides.map((side) => signedInContext(browser, side.session)));
          // A first open of each (scripts not yet cached, the document loaded from the database) is left out.
          for (const [i, side] of sides.entries()) await (await openEditor(contexts[i]!, side.id)).page.close();
          console.log(`Servers: 1 ${order[0]}, 2 ${order[1]}`);
          for (let round = 0; round < options.rounds; round++) {
            const painted: Record<string, number> = {};
            for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
              const { page, sample } = await openEditor(contexts[i]!, sides[i]!.id);
              await page.close();
              samples[order[i]!].push(sample);
              painted[order[i]!] = sample.painted;
            }
            ratios.push(painted.build! / painted.against!);
            console.log(
              `  round ${round + 1}: ${painted.build!.toFixed(0)} ms against ${painted.against!.toFixed(0)} ms, ratio ${ratios.at(-1)!.toFixed(3)}; load ${os.loadavg()[0]!.toFixed(1)}`,
            );
          }
        } finally {
          await browser.close();
        }
      } finally {
        for (const side of sides) {
          await side.proxy?.close();
          await side.server.stop().catch(() => undefined);
        }
      }
    }
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`\nbuild:   ${summary(samples.build)}`);
  console.log(`against: ${summary(samples.against)}`);
  console.log(
    `open → painted, median of ${ratios.length} per-round ratios (build / against): ${median(ratios).toFixed(3)}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  return 0;
}
