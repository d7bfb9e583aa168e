// The Obsidian API double for jest (jest.config.cjs maps `obsidian` here). Typed against obsidian.d.ts: each
// class implements the part of Obsidian's declared interface it provides, so `tsc` fails when they drift.
import './node-globals';
import { installDomHelpersIfPresent } from './dom';
import { setRequestTransport } from './functions';
import { nodeTransport } from './node-transport';

installDomHelpersIfPresent();
setRequestTransport(nodeTransport);

export * from './api';
