// The npm package as a user gets it: `npm pack` of this folder, installed
// offline into an empty folder, then imported by name from Node and, when
// chromium is installed, from a bundler-free <script type="module"> of a
// page served over HTTP (python3 -m http.server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

const npmMissing = !found('npm') && 'npm is not installed';

test('npm pack installs offline into an empty folder and imports', { skip: npmMissing }, async t => {
	const tmp = mkdtempSync(join(tmpdir(), 'boardgames-js-'));
	t.after(() => rmSync(tmp, { recursive: true, force: true }));
	const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8',
		env: { ...process.env, npm_config_cache: join(tmp, 'cache'),
		       npm_config_update_notifier: 'false' } });

	npm(['pack', '--pack-destination', tmp, '--silent'], here);
	const [tgz] = readdirSync(tmp).filter(f => f.endsWith('.tgz'));
	assert.ok(tgz, 'npm pack made no .tgz');
	const listing = execFileSync('tar', ['-tzf', join(tmp, tgz)], { encoding: 'utf8' })
		.split('\n').filter(f => f).sort();
	assert.deepEqual(listing, ['package/README.md', 'package/boardgames-core.js',
		'package/index.d.ts', 'package/index.js', 'package/package.json']);

	const app = join(tmp, 'app');
	execFileSync('mkdir', [app]);
	npm(['install', '--offline', '--no-audit', '--no-fund', join(tmp, tgz)], app);
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
import { Game } from './node_modules/libboardgames/index.js';
const g = new Game('kutochki');
g.play('h3-f3');
document.getElementById('out').textContent = 'moves ' + g.legalMoves().length +
	' svg ' + g.svg().startsWith('<svg');
</script>
`);
	const port = 20000 + Math.floor(Math.random() * 20000);
	const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'],
		{ cwd: app, stdio: 'ignore' });
	t.after(() => server.kill());
	await new Promise(r => setTimeout(r, 1000));
	const dom = execFileSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu',
		'--virtual-time-budget=10000', `--user-data-dir=${join(tmp, 'chromium')}`,
		'--dump-dom', `http://127.0.0.1:${port}/index.html`],
		{ encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 120000 });
	assert.match(dom, /moves 14 svg true/);
});
