/**
 * First run in the browser: while no account exists, a server that serves the API holds a one-time
 * setup token. It is printed once in the log (with the /setup link) and kept in `<data>/setup-token`
 * (owner-only) for headless operators; nodes sharing the data folder reuse it. Only its hash stays in
 * memory. The token creates the first super administrator once, then the file is removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PLATFORM_ROLE, type Locale } from '@palabre/shared';
import { hashSecret, randomSecret, safeEqual } from '../auth/secrets.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { usersRepo } from './repo.ts';
import { createAccount } from './service.ts';

export const SETUP_TOKEN_FILE = 'setup-token';

const SUPER_ADMINISTRATOR_ROLE =
  PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR | PLATFORM_ROLE.SESSION_OPERATOR | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR | PLATFORM_ROLE.SUPER_ADMINISTRATOR;

export class FirstRunSetup {
  #hash: string | null;
  constructor(hash: string | null) {
    this.#hash = hash;
  }
  /** The installation waits for its first account. */
  get pending(): boolean {
    return this.#hash !== null;
  }
  /** Compares in constant time and, on a match, spends the token at once: a second request racing this one finds none. */
  take(token: string): boolean {
    const hash = this.#hash;
    if (hash === null || !safeEqual(hashSecret(token), hash)) return false;
    this.#hash = null;
    return true;
  }
  /** Gives the token back when the account could not be made with it (the user corrects the form). */
  restore(token: string): void {
    this.#hash = hashSecret(token);
  }
  end(): void {
    this.#hash = null;
  }
}

const tokenFile = (ctx: AppContext) => path.join(ctx.config.dataDir, SETUP_TOKEN_FILE);

/** At start: a token when no account exists (printed once), none otherwise (and a leftover file goes). */
export async function prepareFirstRun(ctx: AppContext): Promise<FirstRunSetup> {
  const file = tokenFile(ctx);
  if ((await usersRepo.count(ctx.db)) > 0) {
    fs.rmSync(file, { force: true });
    return new FirstRunSetup(null);
  }
  let token = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (token.length < 16) {
    token = randomSecret();
    fs.mkdirSync(ctx.config.dataDir, { recursive: true });
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  }
  // writeFileSync's mode applies only to a new file.
  fs.chmodSync(file, 0o600);
  ctx.log.warn(`No account exists yet. Create the first super administrator at ${ctx.config.publicUrl}/setup?token=${token} (the token is also in ${file}; it works once).`);
  return new FirstRunSetup(hashSecret(token));
}

export interface FirstAdministrator {
  token: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  locale?: Locale | undefined;
}

/** Creates the first super administrator and opens its session; refused with a wrong token or once any account exists. */
export async function setUpFirstAdministrator(ctx: AppContext, input: FirstAdministrator) {
  const setup = ctx.firstRun;
  const refused = () => new AppError('setup_token_invalid', 'This setup token is not valid, or the first account exists already');
  if (!setup?.take(input.token)) throw refused();
  try {
    // An account made meanwhile (the command line) ends the setup.
    if ((await usersRepo.count(ctx.db)) > 0) {
      setup.end();
      throw refused();
    }
    const user = await createAccount(ctx, { ...input, role: SUPER_ADMINISTRATOR_ROLE, verified: true });
    fs.rmSync(tokenFile(ctx), { force: true });
    ctx.log.warn(`The first super administrator ${user.email} was created; the setup token no longer works.`);
    return ctx.tokens.openSession(user.id, 'password');
  } catch (error) {
    if (setup.pending === false && !(error instanceof AppError && error.code === 'setup_token_invalid')) setup.restore(input.token);
    throw error;
  }
}
