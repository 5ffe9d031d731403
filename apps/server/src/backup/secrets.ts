/**
 * The secrets a backup downloaded from the running server carries only sealed (AES-256-GCM under a
 * key derived from the server's signing secret): profile API keys, webhook signing secrets, stream
 * keys. Whoever gets the file (a mailbox, a shared folder, a stolen laptop) gets accounts and media,
 * not the keys to the AI providers and the integrations. `palabre backup` on the host keeps them in
 * clear: whoever runs it reads the secret and the database already.
 *
 * A restore unseals them with its own signing secret. Without the same secret (another installation,
 * a lost `secret.key`), a profile's API key is left out (enter it again) and a signing secret or a
 * stream key is renewed (give the new one to the receiver or the encoder).
 */
import crypto from 'node:crypto';
import { newWebhookSecret } from '../webhooks/signature.ts';

interface SecretField {
  column: string;
  /** A key inside a JSON column. */
  key?: string;
  /** What a restore puts instead of a value it cannot unseal: nothing, or a new secret. */
  renew?: () => string;
}

/** Every place a secret is stored in clear (docs/backup.md, "Secrets"). Their rows hold no number beyond double precision. */
export const SECRET_FIELDS: Readonly<Record<string, readonly SecretField[]>> = {
  transcriber_profiles: [{ column: 'config', key: 'apiKey' }],
  ai_profiles: [{ column: 'config', key: 'apiKey' }],
  webhooks: [{ column: 'secret', renew: newWebhookSecret }],
  // A new stream key is made as sessions/channels.ts makes one (not imported: it brings the whole sessions service).
  session_channels: [{ column: 'stream_key', renew: () => crypto.randomBytes(32).toString('base64url') }],
};

const SEALED = 'palabre-sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Row = Record<string, unknown>;

function sealingKey(serverSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'palabre', 'backup secrets', 32));
}

/** Visits each secret of a row (a line of a table's ndjson) and answers the line with what `change` made of them. */
function mapSecrets(table: string, line: string, change: (value: string, field: SecretField) => string | undefined): string {
  const fields = SECRET_FIELDS[table];
  if (!fields) return line;
  const row = JSON.parse(line) as Row;
  for (const field of fields) {
    const holder = field.key ? (row[field.column] as Row | null) : row;
    const name = field.key ?? field.column;
    const value = holder?.[name];
    if (!holder || typeof value !== 'string') continue;
    const changed = change(value, field);
    if (changed === undefined) delete holder[name];
    else holder[name] = changed;
  }
  return JSON.stringify(row);
}

/** Seals the secrets of the rows written into a downloaded backup. */
export class SecretSealer {
  private readonly key: Buffer;
  constructor(serverSecret: string) {
    this.key = sealingKey(serverSecret);
  }

  sealLine(table: string, line: string): string {
    return mapSecrets(table, line, (value) => {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
      const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    });
  }
}

/** Unseals the secrets of restored rows; counts those sealed under another secret. */
export class SecretUnsealer {
  private readonly key: Buffer;
  /** Secrets that could not be unsealed (left out or renewed). */
  lost = 0;
  constructor(serverSecret: string) {
    this.key = sealingKey(serverSecret);
  }

  unsealLine(table: string, line: string): string {
    if (!line.includes(SEALED)) return line;
    return mapSecrets(table, line, (value, field) => {
      if (!value.startsWith(SEALED)) return value;
      try {
        const bytes = Buffer.from(value.slice(SEALED.length), 'base64url');
        const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        this.lost += 1;
        return field.renew?.();
      }
    });
  }
}
