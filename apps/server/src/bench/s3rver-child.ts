/** s3rver in its own process (see startS3ServerProcess in s3rver.ts): prints one JSON line once listening, stops on SIGTERM. */
import { startS3Server } from './s3rver.ts';

const server = await startS3Server({ bucket: process.env.S3_TEST_BUCKET ?? 'palabre-test' });
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint, bucket: server.bucket, directory: server.directory })}\n`);
process.once('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
