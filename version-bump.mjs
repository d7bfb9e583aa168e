// `npm version <patch|minor|major|x.y.z>` runs this (the `version` script): manifest.json takes the new version,
// and versions.json maps it to the current minAppVersion, which is how Obsidian picks the newest release a user's
// app can run. Both files are staged so that npm's version commit and tag include them.
import { readFileSync, writeFileSync } from 'node:fs';

const version = process.env.npm_package_version;
if (!version) throw new Error('version-bump.mjs runs from `npm version` (npm_package_version is not set)');

const manifest = JSON.parse(readFileSync('manifest.json', 'utf8'));
manifest.version = version;
writeFileSync('manifest.json', JSON.stringify(manifest, null, 2) + '\n');

const versions = JSON.parse(readFileSync('versions.json', 'utf8'));
versions[version] = manifest.minAppVersion;
writeFileSync('versions.json', JSON.stringify(versions, null, 2) + '\n');
