// Review of d8b0273: the code cache is keyed by the bundle's inode, size and change time, not its content, and V8
// checks only the source's LENGTH against a cache (not its text, and no checksum in a release build). A bundle whose
// bytes change while inode, size and ctime stay the same then runs the OLD code, silently. Here the change is a write
// through a shared mapping (mmap) to a page already dirty: Linux updates no time for it. Coarse or mtime-derived change
// times (1 s filesystems, kernels before multigrain timestamps, FUSE/SFTP mounts) open the same hole. The content hash
// it replaced ran the new code.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { makeTempDir, REPO_ROOT, removeTempDir } from '../support/temp-dir';

const LOADER = nodePath.join(REPO_ROOT, 'bin', 'code-cache.cjs');

const PYTHON = `
import json, mmap, os, subprocess, sys
d, loader, node = sys.argv[1], sys.argv[2], sys.argv[3]
f = os.path.join(d, 'bundle.cjs')
def src(word): return ("'use strict';\\nexports.describe = () => %s;\\n" % json.dumps(word)).encode()
v1, v2 = src('ALPHA'), src('OMEGA')
open(f, 'wb').write(b' ' * len(v1))
def load():
    script = 'process.stdout.write(require(%s).requireCached(%s, "default").describe())' % (
        json.dumps(loader), json.dumps(f))
    return subprocess.run([node, '-e', script], capture_output=True, text=True).stdout
fd = os.open(f, os.O_RDWR)
m = mmap.mmap(fd, len(v1))
m[:] = v1
st1 = os.stat(f)
first = load(); load()
m[:] = v2
st2 = os.stat(f)
print(json.dumps({'first': first, 'after': load(), 'onDisk': open(f, 'rb').read().decode(),
  'sameKey': [st1.st_ino, st1.st_size, st1.st_ctime_ns] == [st2.st_ino, st2.st_size, st2.st_ctime_ns]}))
`;

const hasPython = spawnSync('python3', ['-c', 'import mmap'], { encoding: 'utf8' }).status === 0;

(hasPython ? test : test.skip)('a bundle changed under the same inode, size and ctime runs its new code', () => {
  const dir = makeTempDir('okf-review-cache-');
  try {
    const script = nodePath.join(dir, 'mmap-write.py');
    writeFileSync(script, PYTHON);
    const result = spawnSync('python3', [script, dir, LOADER, process.execPath], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout) as { first: string; after: string; onDisk: string; sameKey: boolean };
    expect(out.first).toBe('ALPHA');
    expect(out.onDisk).toContain('OMEGA');
    // Precondition of the hole: what the key reads did not move.
    expect(out.sameKey).toBe(true);
    // Fails on d8b0273: prints ALPHA (the cache of the old source), though the file says OMEGA.
    expect(out.after).toBe('OMEGA');
  } finally {
    removeTempDir(dir);
  }
});
