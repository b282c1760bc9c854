/**
 * The settings `mortisphere new` writes for VS Code's YAML extension, checked with the real
 * yaml-language-server (the server that extension runs), spoken to over LSP on stdio.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { validateFiles } from '../../../src/shared/validation';
import { capture } from './cli-capture';

const repo = join(__dirname, '..', '..', '..');
const SERVER = join(repo, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');

interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity?: number;
}

/** A yaml-language-server process rooted at `root`, configured with the workspace's .vscode/settings.json. */
async function startServer(root: string): Promise<{ validate(file: string): Promise<{ diagnostics: LspDiagnostic[]; schemas: string[] }>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn: MessageConnection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map<string, (d: LspDiagnostic[]) => void>();
  conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: LspDiagnostic[] }) => {
    waiting.get(p.uri)?.(p.diagnostics);
  });
  // The server pulls its settings as VS Code answers them: the `yaml` section from settings.json.
  const settings = JSON.parse(readFileSync(join(root, '.vscode', 'settings.json'), 'utf8'));
  const yaml = { validate: true, schemas: settings['yaml.schemas'], schemaStore: { enable: false } };
  conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => p.items.map((i) => (i.section === 'yaml' ? yaml : {})));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.listen();
  const rootUri = pathToFileURL(root).href;
  await conn.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'ws' }], capabilities: {} });
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('workspace/didChangeConfiguration', { settings: { yaml } });
  let version = 0;
  return {
    async validate(file) {
      const uri = pathToFileURL(join(root, file)).href;
      const text = readFileSync(join(root, file), 'utf8');
      const result = new Promise<LspDiagnostic[]>((resolve) => waiting.set(uri, resolve));
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: ++version, text } });
      const diagnostics = await result;
      // Which schemas the server matched to the file (the extension's status-bar request).
      const matched = await conn.sendRequest<{ uri: string }[]>('yaml/get/jsonSchema', uri);
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      return { diagnostics, schemas: matched.map((m) => m.uri.slice(m.uri.lastIndexOf('/') + 1)) };
    },
    async stop() {
      await conn.sendRequest('shutdown').catch(() => undefined);
      conn.dispose();
      child.kill();
    },
  };
}

const yamlFiles = (root: string, dir = root): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return yamlFiles(root, path);
    return /\.ya?ml$/.test(name) ? [relative(root, path).split('\\').join('/')] : [];
  });

describe('VS Code settings of `new` with yaml-language-server', () => {
  let root: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    root = join(mkdtempSync(join(tmpdir(), 'vscode-')), 'ws');
    const io = capture();
    expect(await main(['new', root], io)).toBe(0);
    // The example workspace too, laid out by the same folder conventions.
    cpSync(join(repo, 'resources', 'examples', 'ashen-reach'), join(root, 'example'), { recursive: true });
    server = await startServer(root);
  }, 60_000);
  afterAll(async () => server?.stop());

  it('every file of the new workspace and of the example validates clean, as in Mortisphere', async () => {
    const files = yamlFiles(root);
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const { diagnostics, schemas } = await server.validate(file);
      expect(diagnostics, file).toEqual([]);
      // Each file is matched to the schema of its kind, and to that one only.
      const kind = /^kind:\s*(\w+)/m.exec(readFileSync(join(root, file), 'utf8'))![1];
      expect(schemas, file).toEqual([`${kind}.schema.json`]);
    }
  }, 120_000);

  it('a schema error is reported in the settings’ schema: a misspelt key and a bad die, on the same lines as ours', async () => {
    const file = 'crews/first-crew.yaml';
    const path = join(root, file);
    const text = readFileSync(path, 'utf8').replace('    die: d8\n    health: 3', '    die: d7\n    helth: 3').replace('type: mutant', 'type: 7');
    writeFileSync(path, text);
    const ours = validateFiles([{ path: file, text }]).diagnostics.filter((d) => d.code === 'schema');
    const theirs = (await server.validate(file)).diagnostics;
    // The same four problems at the same places (line and column): a missing and a misspelt
    // property, a die outside the enum, a number where a type id belongs.
    const at = (ds: { line: number; column: number }[]) => ds.map((d) => `${d.line}:${d.column}`).sort();
    expect(ours).toHaveLength(4);
    expect(at(theirs.map((d) => ({ line: d.range.start.line + 1, column: d.range.start.character + 1 })))).toEqual(at(ours));
    // Their messages come from the same schema: the allowed dice and the unknown property.
    const all = theirs.map((d) => d.message).join('\n');
    expect(all).toMatch(/d4.*d6.*d8.*d10.*d12.*d20/s);
    expect(all).toMatch(/helth/);
  }, 60_000);
});
