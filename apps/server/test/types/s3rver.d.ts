/** The parts of s3rver (which ships no types) that the test S3 server uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  /** The Koa context of one request, as far as the added calls use it. */
  export interface S3rverContext {
    method: string;
    path: string;
    /** Assigning it rewrites the request's query string. */
    query: Record<string, string | string[] | undefined>;
    headers: Record<string, string | string[] | undefined>;
    response: { get(field: string): string | undefined };
    set(field: string, value: string): void;
    length: number;
    status: number;
    type: string;
    body: unknown;
  }

  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list: composed when the server starts listening. */
    middleware: S3rverMiddleware[];
    store: {
      getResourcePath(bucket: string, key: string | undefined, resource: string): string;
      deleteObject(bucket: string, key: string): Promise<void>;
    };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
