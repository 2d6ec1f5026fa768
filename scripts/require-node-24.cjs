// Run before every npm script that runs TypeScript (`npm start`, `npm test`, the CLIs, …) by any Node (hence plain CommonJS): a clear line instead of
// an unknown-file-extension stack when the shell's Node is older than the project's (.nvmrc).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node.js 24 is required (this shell has ${process.version}). Run: . scripts/use-node-24.sh`);
  process.exit(1);
}
