/**
 * Reading the operator's password for `cli admin hash-password`: from standard input when it is
 * piped (one line; the trailing newline is not part of it), otherwise from a prompt that echoes
 * nothing, asked twice. Never from the command line, where it would stay in the shell history and
 * the process list.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';

async function readPiped(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function askHidden(question: string): Promise<string> {
  // The prompt is written directly; what is typed goes to a sink instead of the terminal.
  process.stderr.write(question);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: sink, terminal: true });
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    }),
  );
}

export class PasswordMismatchError extends Error {}

export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped(process.stdin);
  const first = await askHidden('Password: ');
  const second = await askHidden('Repeat the password: ');
  if (first !== second) throw new PasswordMismatchError('the two passwords differ');
  return first;
}
