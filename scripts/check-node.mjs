// Fails fast when a script runs on a Node older than the pinned one (e.g. a tool binary called directly
// instead of through `npm run`, which would use the system's Node 20).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Darasa needs Node.js 24 (found ${process.versions.node}). Run scripts through \`npm run …\` after ` +
      '`npm install`: the pinned Node from node_modules/.bin is used then.',
  );
  process.exit(1);
}
