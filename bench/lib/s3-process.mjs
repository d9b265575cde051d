// The embedded S3 server in a process of its own (bench:viewer): in the bench's process its requests would share the
// event loop of the clients whose times the bench reads. Prints {endpoint} once listening; stops on SIGTERM.
//   node bench/lib/s3-process.mjs <port> <dir> <accessKey> <secretKey> <bucket>
import { startS3 } from '@brokerage/embedded-infra';

const [port, dir, accessKey, secretKey, bucket] = process.argv.slice(2);
const s3 = await startS3({ port: Number(port), dir, accessKey, secretKey, bucket });
process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint })}\n`);
process.on('SIGTERM', () => void s3.stop().then(() => process.exit(0)));
