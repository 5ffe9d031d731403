/** The tests' throwaway S3-compatible server: the one `palabre bench scale` starts too (src/bench/s3rver.ts). */
export { startS3Server, startS3ServerProcess, type S3TestServer } from '../../src/bench/s3rver.ts';
