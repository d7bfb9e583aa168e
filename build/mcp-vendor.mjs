// The MCP server's libraries (the MCP SDK, zod, ajv under it, chokidar) as their own file beside the CLI bundle,
// dist/mcp-vendor.cjs, required when the `mcp` command starts: they were half of dist/cli.cjs (1.1 of 2.0 MB), read,
// hashed and decoded by every command, and only `mcp` runs them. Our own code stays in the one bundle (no class is
// duplicated across files); only these packages move.
import esbuild from 'esbuild';
import * as nodePath from 'node:path';

/** The file's name, beside the CLI bundle. */
export const VENDOR_FILE = 'mcp-vendor.cjs';

/** Every import of these packages in the CLI's source, exactly as written; another one fails the build. */
export const MCP_VENDOR = [
  '@modelcontextprotocol/sdk/server/mcp.js',
  '@modelcontextprotocol/sdk/types.js',
  'zod',
  'chokidar',
];
const PACKAGES = /^(@modelcontextprotocol\/sdk|zod|chokidar)(\/|$)/;

/**
 * The esbuild plugin for the CLI build: each import in MCP_VENDOR becomes `require('./mcp-vendor.cjs')[specifier]`,
 * evaluated when the importing module is first initialized (src/mcp, which the `mcp` command imports when run).
 */
export const mcpVendorImports = {
  name: 'mcp-vendor-imports',
  setup(build) {
    build.onResolve({ filter: PACKAGES }, (args) => {
      if (args.namespace === 'mcp-vendor') return undefined;
      if (!MCP_VENDOR.includes(args.path))
        return { errors: [{ text: `${args.path} is not in MCP_VENDOR (build/mcp-vendor.mjs): add it there` }] };
      return { path: args.path, namespace: 'mcp-vendor' };
    });
    build.onResolve({ filter: /^\.\/mcp-vendor\.cjs$/, namespace: 'mcp-vendor' }, (args) => ({
      path: args.path,
      external: true,
    }));
    build.onLoad({ filter: /.*/, namespace: 'mcp-vendor' }, (args) => ({
      contents: vendorImport(args.path),
      loader: 'js',
    }));
  },
};

/** The module standing for `specifier` in the CLI bundle; a missing file is one line naming it. */
function vendorImport(specifier) {
  return `let vendor;
try {
  vendor = require('./${VENDOR_FILE}');
} catch (error) {
  if (error.code !== 'MODULE_NOT_FOUND') throw error;
  const file = require('node:path').join(__dirname, '${VENDOR_FILE}');
  throw new Error(\`the MCP server's libraries cannot be loaded: \${file} is missing; \` +
    'build the command line again (npm run build:cli)');
}
module.exports = vendor[${JSON.stringify(specifier)}];
`;
}

/** Builds `<dir>/mcp-vendor.cjs`: one object holding each MCP_VENDOR module, keyed by its specifier. */
export async function buildMcpVendor(dir, options) {
  const entries = MCP_VENDOR.map((s) => `  ${JSON.stringify(s)}: require(${JSON.stringify(s)}),`);
  const contents = `module.exports = {\n${entries.join('\n')}\n};\n`;
  await esbuild.build({
    ...options,
    stdin: { contents, resolveDir: process.cwd(), sourcefile: 'mcp-vendor-entry.cjs', loader: 'js' },
    outfile: nodePath.join(dir, VENDOR_FILE),
  });
}
