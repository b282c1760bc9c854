/** Types of scripts/cli-bundle.mjs (the prebuilt `mortisphere` command). */
export interface CliManifest {
  version: string;
  built: number;
  inputs: string[];
}
export declare const CLI_ENTRIES: Record<string, string>;
export declare function readManifest(root: string): Promise<CliManifest | null>;
export declare function isFresh(root: string, manifest: CliManifest): boolean;
export declare function buildCli(root: string): Promise<CliManifest>;
export declare function cliEntry(root: string): Promise<{ ok: true; path: string } | { ok: false; message: string }>;
