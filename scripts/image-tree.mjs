// Reproduces the Dockerfile's file tree on the host, for a machine without a Docker engine
// (`node scripts/image-tree.mjs [--keep] [--plan]`, README "Check the image without Docker").
// The Dockerfile is the one source of truth: its stages, WORKDIR, COPY, ENV, RUN and ENTRYPOINT
// are read from it, not copied here. The build context is what
// `git ls-files --cached --others --exclude-standard` lists, filtered by .dockerignore, matched the
// way Docker does: patterns anchored at the context root, `*`/`?` within one path segment, `**`
// across segments, a matching parent excludes its children, the last matching pattern wins, `!`
// re-includes. The RUN lines of every stage up to `build` run with `/bin/sh -c` in a temp dir that
// stands for the container's `/` (`--store-dir /pnpm/store` points into it); the runtime stage's
// `COPY --from=build` then fill a fresh dir standing for its `/`, and the ENTRYPOINT runs there
// without tini, with `node` from PATH. What this cannot prove: the base image, the runtime stage's
// RUN (apt tini, /var/lib/photon), USER, EXPOSE and file ownership.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
// --plan: the build context and the stages' instructions as parsed, without running anything.
const planOnly = process.argv.includes('--plan');
const started = Date.now();
const failures = [];

function log(line) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
}

function check(ok, what) {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

// ---- Dockerfile: logical lines (`\` continuations joined, comments dropped), then stages.
function dockerfileInstructions(text) {
  const instructions = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (pending === '' && /^\s*#/.test(line)) continue;
    if (pending !== '' && /^\s*#/.test(line)) continue; // comments inside a continuation are dropped too
    if (/\\\s*$/.test(line)) {
      pending += line.replace(/\\\s*$/, '') + ' ';
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole === '') continue;
    const match = /^(\S+)\s*(.*)$/s.exec(whole);
    instructions.push({ keyword: match[1].toUpperCase(), args: match[2].trim() });
  }
  return instructions;
}

function dockerfileStages(text) {
  const stages = [];
  for (const instruction of dockerfileInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const [base, as, name] = instruction.args.split(/\s+/);
      if (as?.toUpperCase() !== 'AS') throw new Error(`unnamed stage: FROM ${instruction.args}`);
      stages.push({ name, base, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

// The chain of stages a stage builds on, its first ancestor first.
function stageChain(stages, name) {
  const chain = [];
  for (
    let stage = stages.find((s) => s.name === name);
    stage;
    stage = stages.find((s) => s.name === stage.base)
  ) {
    chain.unshift(stage);
  }
  return chain;
}

// ---- .dockerignore, as Docker's pattern matcher reads it.
function dockerignoreMatchers(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exclusion = line.startsWith('!');
      const pattern = join('/', exclusion ? line.slice(1).trim() : line).slice(1); // cleaned, no leading /
      return { exclusion, regex: globRegex(pattern) };
    });
}

function globRegex(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '*' && pattern[i + 1] === '*') {
      i += 1;
      if (pattern[i + 1] === '/') i += 1;
      source += i + 1 >= pattern.length ? '.*' : '(.*/)?';
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i);
      source += pattern.slice(i, end + 1).replace(/^\[!/, '[^');
      i = end;
    } else if (ch === '\\') source += `\\${pattern[++i]}`;
    else source += ch.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function dockerignored(matchers, file) {
  const parts = file.split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let excluded = false;
  for (const { exclusion, regex } of matchers) {
    if (prefixes.some((prefix) => regex.test(prefix))) excluded = !exclusion;
  }
  return excluded;
}

function gitFiles(...args) {
  const out = spawnSync('git', ['ls-files', '-z', ...args], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (out.status !== 0) throw new Error(`git ls-files failed: ${out.stderr}`);
  return out.stdout.split('\0').filter((file) => file !== '');
}

// ---- Running the stages.
function sh(command, cwd, env) {
  const result = spawnSync('/bin/sh', ['-c', command], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`exit ${result.status ?? result.signal}: ${command}`);
}

function copyInto(source, target) {
  mkdirSync(dirname(target), { recursive: true });
  if (!lstatSync(source).isDirectory())
    return cpSync(source, target, { verbatimSymlinks: true, preserveTimestamps: true });
  // cp -a keeps symlinks and modes as COPY does, and is much faster than cpSync on node_modules.
  const result = spawnSync('cp', ['-a', source, target], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`cp -a ${source} ${target} failed`);
}

// An absolute path of the container, inside the dir that stands for its `/`.
function inRoot(root, containerPath, workdir = '/') {
  return join(root, resolve(workdir, containerPath));
}

function runStages(chain, context, root, env) {
  let workdir = '/';
  for (const stage of chain) {
    log(`stage ${stage.name} (FROM ${stage.base})`);
    for (const { keyword, args } of stage.instructions) {
      if (keyword === 'WORKDIR') {
        workdir = resolve(workdir, args);
        mkdirSync(inRoot(root, workdir), { recursive: true });
      } else if (keyword === 'ENV') {
        const [, name, value] = /^(\S+?)[=\s]+(.*)$/.exec(args);
        env[name] = value;
      } else if (keyword === 'COPY') {
        const words = args.split(/\s+/);
        if (words.some((word) => word.startsWith('--'))) throw new Error(`COPY flags not handled: ${args}`);
        const target = words.pop();
        for (const source of words) {
          const destination =
            target.endsWith('/') || target === '.' || words.length > 1
              ? join(target, source === '.' ? '' : source)
              : target;
          if (source === '.')
            for (const file of context)
              copyInto(join(repo, file), inRoot(root, join(destination, file), workdir));
          else copyInto(join(repo, source), inRoot(root, destination, workdir));
        }
        log(`  COPY ${args}`);
      } else if (keyword === 'RUN') {
        if (args.startsWith('[')) throw new Error(`exec-form RUN not handled: ${args}`);
        // Only the store path is the container's: pnpm must not write to the host's /pnpm.
        const command = args.replace(
          /(--store-dir\s+)(\/\S*)/g,
          (_, flag, path) => `${flag}${inRoot(root, path)}`,
        );
        log(`  RUN ${command}`);
        const t0 = Date.now();
        sh(command, inRoot(root, workdir), env);
        log(`  … ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      } else if (keyword !== 'ARG') {
        throw new Error(`${keyword} not handled in a build stage`);
      }
    }
  }
}

// ---- Checking the runtime tree.
function walk(dir, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    visit(path, entry);
    if (entry.isDirectory()) walk(path, visit);
  }
}

function du(path) {
  return spawnSync('du', ['-sh', path], { encoding: 'utf8' }).stdout.split('\t')[0];
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function rpc(url, method) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  });
  return response.json();
}

function runEntrypoint(argv, cwd, env, args) {
  const result = spawnSync(argv[0], [...argv.slice(1), ...args], { cwd, env, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function startAndAsk(argv, cwd, env) {
  const [laddr, ws, devnet] = [await freePort(), await freePort(), await freePort()];
  const args = [
    'start',
    '--laddr',
    `tcp://127.0.0.1:${laddr}`,
    '--wsport',
    String(ws),
    '--devnet-laddr',
    `tcp://127.0.0.1:${devnet}`,
  ];
  log(`  ${argv.join(' ')} ${args.join(' ')}`);
  const child = spawn(argv[0], [...argv.slice(1), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  const url = `http://127.0.0.1:${laddr}/`;
  const deadline = Date.now() + 60_000;
  let chainId;
  // Polls until the listener answers (the condition), the process dies or a minute passes.
  while (chainId === undefined && !exitedEarly && Date.now() < deadline) {
    chainId = await rpc(url, 'eth_chainId').catch(() => undefined);
    if (chainId === undefined) await new Promise((done) => setTimeout(done, 200));
  }
  const clientVersion = chainId === undefined ? undefined : await rpc(url, 'web3_clientVersion');
  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise((done) => setTimeout(() => done('timeout'), 30_000))]);
  if (code === 'timeout') child.kill('SIGKILL');
  return { chainId, clientVersion, code, output };
}

async function main() {
  const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8');
  const stages = dockerfileStages(dockerfile);
  const runtime = stages.at(-1);
  const matchers = dockerignoreMatchers(readFileSync(join(repo, '.dockerignore'), 'utf8'));
  const candidates = gitFiles('--cached', '--others', '--exclude-standard').filter((file) =>
    existsSync(join(repo, file)),
  );
  const context = [...new Set(candidates)].filter((file) => !dockerignored(matchers, file));
  const unseen = gitFiles('--others', '--ignored', '--exclude-standard', '--directory').filter(
    (file) => !dockerignored(matchers, file.replace(/\/$/, '')),
  );
  log(`context: ${context.length} files of ${candidates.length} (git ls-files, .dockerignore applied)`);
  const excluded = candidates.filter((file) => !context.includes(file));
  const excludedGroups = [...new Set(excluded.map((file) => file.split('/').slice(0, 2).join('/')))];
  log(`excluded by .dockerignore: ${excludedGroups.join(' ')}`);
  if (unseen.length > 0)
    log(
      `note: git-ignored, not dockerignored (a docker build here would send them too): ${unseen.join(' ')}`,
    );

  if (planOnly) {
    for (const stage of stages) {
      log(`stage ${stage.name} (FROM ${stage.base})`);
      for (const { keyword, args } of stage.instructions) log(`  ${keyword} ${args}`);
    }
    return;
  }

  const work = mkdtempSync(join(tmpdir(), 'photon-image-'));
  const buildRoot = join(work, 'build-root');
  const runtimeRoot = join(work, 'runtime-root');
  const home = join(work, 'home');
  mkdirSync(home, { recursive: true });
  // The stages' environment: no PHOTON_*, npm or Node settings of this shell (NODE_EXTRA_CA_CERTS
  // stays: it is how this machine reaches the registry), a HOME of their own (no ~/.npmrc, a cold
  // pnpm cache) and the pnpm stage's `npm install -g` into the build root.
  const globalPrefix = join(buildRoot, 'usr/local');
  const baseEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(PHOTON_|npm_|PNPM_|NODE_(?!EXTRA_CA_CERTS))/i.test(name),
    ),
  );
  const buildEnv = {
    ...baseEnv,
    HOME: home,
    npm_config_prefix: globalPrefix,
    PATH: `${join(globalPrefix, 'bin')}:${process.env.PATH}`,
  };
  log(`work dir ${work}`);
  try {
    runStages(stageChain(stages, 'build'), context, buildRoot, buildEnv);

    log(`stage ${runtime.name}: its COPY --from lines, ENV and ENTRYPOINT (RUN, USER, EXPOSE not exercised)`);
    const runtimeEnv = { ...baseEnv, HOME: home };
    let workdir = '/';
    let entrypoint;
    for (const { keyword, args } of runtime.instructions) {
      if (keyword === 'WORKDIR') workdir = resolve(workdir, args);
      else if (keyword === 'ENV') {
        const [, name, value] = /^(\S+?)[=\s]+(.*)$/.exec(args);
        runtimeEnv[name] = value;
      } else if (keyword === 'COPY') {
        const [, from, source, target] = /^--from=(\S+)\s+(\S+)\s+(\S+)$/.exec(args);
        if (from !== 'build') throw new Error(`COPY from ${from} not handled`);
        copyInto(
          inRoot(buildRoot, source),
          inRoot(runtimeRoot, target.endsWith('/') ? join(target, source.split('/').pop()) : target, workdir),
        );
        log(`  COPY ${args}`);
      } else if (keyword === 'ENTRYPOINT') entrypoint = JSON.parse(args);
    }
    const tini = entrypoint.indexOf('--');
    const argv = entrypoint
      .slice(tini + 1)
      .map((word) => (word.startsWith('/') ? inRoot(runtimeRoot, word) : word));
    const cwd = inRoot(runtimeRoot, workdir);
    log(
      `ENTRYPOINT ${JSON.stringify(entrypoint)} → ${argv.join(' ')} (cwd ${cwd}, NODE_ENV=${runtimeEnv.NODE_ENV})`,
    );

    // Our own tree (outside any node_modules) holds no sources, tests or build info; every symlink
    // is relative and resolves inside the tree (an absolute one would point into /src, not /app).
    const banned = [];
    const vendorBuildInfo = [];
    const symlinks = { count: 0, escaping: [], dangling: [] };
    walk(cwd, (path, entry) => {
      const rel = relative(cwd, path);
      const ours = !rel.split(sep).includes('node_modules');
      if (entry.name.endsWith('.tsbuildinfo')) (ours ? banned : vendorBuildInfo).push(rel);
      if (
        ours &&
        entry.isDirectory() &&
        (entry.name === 'src' || entry.name === 'e2e' || rel === join('libs', 'testing'))
      )
        banned.push(rel);
      if (entry.isSymbolicLink()) {
        symlinks.count += 1;
        const link = readlinkSync(path);
        const target = resolve(dirname(path), link);
        if (link.startsWith('/') || relative(cwd, target).startsWith('..'))
          symlinks.escaping.push(`${rel} -> ${link}`);
        else if (!existsSync(target)) symlinks.dangling.push(`${rel} -> ${link}`);
      }
    });
    const some = (list) =>
      list.length ? `: ${list.slice(0, 10).join(' ')}${list.length > 10 ? ` … (${list.length})` : ''}` : '';
    check(
      banned.length === 0,
      `no src/, e2e/, libs/testing or .tsbuildinfo outside node_modules${some(banned)}`,
    );
    log(
      `note: ${vendorBuildInfo.length} .tsbuildinfo files shipped inside npm packages (node_modules), left as published`,
    );
    check(
      symlinks.escaping.length === 0,
      `all ${symlinks.count} symlinks are relative and stay inside the tree${some(symlinks.escaping)}`,
    );
    check(symlinks.dangling.length === 0, `no dangling symlinks${some(symlinks.dangling)}`);
    const devTools = ['typescript', 'jest', 'nx', '@swc/core', 'eslint'].filter((name) =>
      existsSync(join(cwd, 'node_modules', name)),
    );
    check(
      devTools.length === 0,
      `no dev tools in node_modules${devTools.length ? `: ${devTools.join(' ')}` : ''}`,
    );
    log(`size: tree ${du(cwd)}, node_modules ${du(join(cwd, 'node_modules'))} (du -sh)`);

    const version = runEntrypoint(argv, cwd, runtimeEnv, ['--version']);
    check(version.status === 0 && version.output.trim() !== '', `--version → ${version.output.trim()}`);
    const help = runEntrypoint(argv, cwd, runtimeEnv, ['gateway', '--help']);
    check(
      help.status === 0 && help.output.includes('--laddr'),
      `gateway --help → exit ${help.status}, first line: ${help.output.split('\n')[0]}`,
    );
    const start = await startAndAsk(argv, cwd, runtimeEnv);
    check(start.chainId?.result === '0x2328', `start: eth_chainId → ${JSON.stringify(start.chainId)}`);
    check(
      typeof start.clientVersion?.result === 'string',
      `start: web3_clientVersion → ${JSON.stringify(start.clientVersion)}`,
    );
    check(start.code === 0, `start: exit after SIGTERM → ${start.code}`);
    if (start.code !== 0 || start.chainId?.result !== '0x2328') console.log(start.output);
  } finally {
    if (keep) log(`kept ${work}`);
    else {
      rmSync(work, { recursive: true, force: true });
      log(`removed ${work}`);
    }
  }
  log(
    failures.length === 0
      ? 'image tree: all checks passed'
      : `image tree: ${failures.length} check(s) failed`,
  );
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((error) => {
  log(`image tree: ${error.message}`);
  process.exitCode = 1;
});
