// The npm package as a user gets it: `npm pack` of this folder, installed
// offline into an empty folder, then imported by name from Node and, when
// chromium is installed, from a bundler-free <script type="module"> of a
// page served over HTTP (python3 -m http.server), whose computer player
// thinks in a Web Worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

function found(cmd) {
	try {
		execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}

// The text of element `id` of a page in headless chromium once it is no
// longer "loading" (at most a minute), through the DevTools protocol on a
// pipe (--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4):
// --dump-dom would not wait for a worker's answer.
async function pageText(url, id, profile) {
	// Its own process group, so that the helpers it forks (zygote,
	// renderer, utility) can be waited for too.
	const chromium = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu',
		'--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
		{ stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
	const waiting = new Map();
	let next = 1, buf = '';
	chromium.stdio[4].on('data', d => {
		buf += d.toString();
		for (let i; (i = buf.indexOf('\0')) >= 0; buf = buf.slice(i + 1)) {
			const msg = JSON.parse(buf.slice(0, i));
			const answer = waiting.get(msg.id);
			waiting.delete(msg.id);
			answer?.(msg);
		}
	});
	let exited = null;
	chromium.on('exit', code => {
		exited = new Error(`chromium exited (${code})`);
		for (const answer of waiting.values())
			answer({ error: exited });
	});
	const send = (method, params, sessionId) => new Promise((resolve, reject) => {
		if (exited)
			return reject(exited);
		const id = next++;
		waiting.set(id, msg => (msg.error ? reject(new Error(
			`${method}: ${msg.error.message ?? msg.error}`)) : resolve(msg)));
		chromium.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + '\0');
	});
	try {
		const { result: { targetId } } = await send('Target.createTarget', { url });
		const { result: { sessionId } } = await send('Target.attachToTarget',
			{ targetId, flatten: true });
		let text = 'loading';
		for (let tries = 0; tries < 300 && text.startsWith('loading'); tries++) {
			await new Promise(r => setTimeout(r, 200));
			const r = await send('Runtime.evaluate', { returnByValue: true,
				expression: `document.getElementById('${id}')?.textContent ?? 'loading'` },
				sessionId);
			text = r.result?.result?.value ?? 'loading';
		}
		return text;
	} finally {
		await killGroup(chromium.pid);
	}
}

// End process group `pid` and wait until none of it is left: chromium's
// helpers outlive its main process for a moment and write into the
// profile, so removing the profile while they run fails now and then.
async function killGroup(pid) {
	const alive = () => {
		try {
			process.kill(-pid, 0);
			return true;
		} catch {
			return false;
		}
	};
	const signal = s => {
		try {
			process.kill(-pid, s);
		} catch { /* gone already */ }
	};
	signal('SIGTERM');
	for (let tries = 0; alive() && tries < 100; tries++) {
		if (tries === 50)
			signal('SIGKILL');
		await new Promise(r => setTimeout(r, 100));
	}
}

const npmMissing = !found('npm') && 'npm is not installed';

test('npm pack installs offline into an empty folder and imports', { skip: npmMissing }, async t => {
	const tmp = mkdtempSync(join(tmpdir(), 'boardgames-js-'));
	t.after(() => rmSync(tmp, { recursive: true, force: true, maxRetries: 5 }));
	const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8',
		env: { ...process.env, npm_config_cache: join(tmp, 'cache'),
		       npm_config_update_notifier: 'false' } });

	npm(['pack', '--pack-destination', tmp, '--silent'], here);
	const [tgz] = readdirSync(tmp).filter(f => f.endsWith('.tgz'));
	assert.ok(tgz, 'npm pack made no .tgz');
	const listing = execFileSync('tar', ['-tzf', join(tmp, tgz)], { encoding: 'utf8' })
		.split('\n').filter(f => f).sort();
	assert.deepEqual(listing, ['package/README.md', 'package/boardgames-core.js',
		'package/index.d.ts', 'package/index.js', 'package/package.json',
		'package/search-worker.js']);

	// A package.json of its own: else npm installs into the nearest folder
	// above that has a node_modules (a shared /tmp/node_modules, say).
	const app = join(tmp, 'app');
	mkdirSync(app);
	writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
	npm(['install', '--offline', '--no-audit', '--no-fund', join(tmp, tgz)], app);
	assert.ok(existsSync(join(app, 'node_modules', 'libboardgames', 'index.js')));
	const out = execFileSync('node', ['--input-type=module', '-e', `
		import { Game, games, version } from 'libboardgames';
		const g = new Game('kutochki');
		g.play('h3-f3');
		console.log(games().length, g.legalMoves().length, version());`],
		{ cwd: app, encoding: 'utf8', env: { ...process.env, NODE_PATH: '' } });
	assert.match(out, /^15 14 1\.\d+\.\d+\n$/);

	if (!found('chromium') || !found('python3')) {
		t.diagnostic('chromium or python3 not installed: the <script type="module"> check is skipped');
		return;
	}
	writeFileSync(join(app, 'index.html'), `<!doctype html>
<title>libboardgames</title>
<p id="out">loading</p>
<script type="module">
import { Game, SearchWorker } from './node_modules/libboardgames/index.js';
const g = new Game('kutochki');
g.play('h3-f3');
const w = await SearchWorker.create(g, { level: 1 });
const m = await w.think({ playouts: 20 });
document.getElementById('out').textContent = 'moves ' + g.legalMoves().length +
	' svg ' + g.svg().startsWith('<svg') + ' worker ' + g.legalMoves().some(x => x.equals(m));
</script>
<script>
onerror = e => { document.getElementById('out').textContent = 'error ' + e; };
</script>
`);
	const port = 20000 + Math.floor(Math.random() * 20000);
	const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'],
		{ cwd: app, stdio: 'ignore' });
	try {
		await new Promise(r => setTimeout(r, 1000));
		const text = await pageText(`http://127.0.0.1:${port}/index.html`, 'out',
			join(tmp, 'chromium'));
		assert.match(text, /moves 14 svg true worker true/);
	} finally {
		server.kill();   // else the test's process waits for it
	}
});
