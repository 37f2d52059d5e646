// The Node.js flags the server runs with, wherever it is started from (npm start, the benches;
// docs/configuration.md gives the same command line for a service manager).
//
// --max-semi-space-size=64: a young generation of 64 MB semi-spaces instead of V8's 16 MB. Ingest
// keeps every record alive until its batch commits (tens of milliseconds under load), and each
// scavenge copies the records still in flight: fewer scavenges copy them fewer times (bench:ingest,
// Queclink: 147 scavenges taking 1.45 s became 80 taking 0.95 s). It costs up to about 150 MB more
// memory under load.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--enable-source-maps'];
