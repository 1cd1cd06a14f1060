// Issue 13's and 23's chaos test: the compose topology as local processes (own nats-server and redis-server,
// the devnet on a data dir, two gateways behind a round-robin balancer, two of each service) under load from
// concurrent clients, while a query replica and the events leader are SIGKILLed, Redis and NATS restart, both
// keystore replicas are SIGKILLed at once and started again, the devnet is SIGKILLed and started again on its
// data dir and port, and a gateway is SIGTERMed. It prints per fault the time to recover and what the calls
// made meanwhile got, and asserts failed requests (only in flight at a fault, each a JSON-RPC error), heads
// missed by subscribers, blocks and logs missed by filters (none, whatever polls failed: a lost poll's changes
// come again) and by a `logs` subscriber (none sent twice; it fetches the blocks between its sessions), filters lost, accepted txs that never reached a block, unlocks kept across the keystore kill
// (a personal_unlockAccount session and an --unlock-key account still send), and that no log holds a secret.
// A missed head: a height between a subscriber's first and last head that no session of it was sent and that
// it did not fetch itself after resubscribing (ethers' WebSocketProvider neither reconnects nor fetches gaps).
// The gateway step counts what a SIGTERM costs as it is: a gateway that closes at once fails its in-flight calls
// ('the bus is shutting down') and drops its sockets (1006); one that drains finishes them and closes with 1012.
import {
  type ClusterStack,
  type LoadBalancer,
  type ManagedProcess,
  type OwnServer,
  type RunLogs,
  addGateway,
  devWallet,
  metricsOf,
  opsUrlOf,
  rpc,
  runLogs,
  spawnProcess,
  startLoadBalancer,
  startOwnNats,
  startOwnRedis,
  startPhotonStack,
  waitFor,
  waitForDevnet,
} from '@photon/testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { CallLog, call } from './chaos-calls';
import {
  type HeadSubscriber,
  type Loop,
  type PolledFilter,
  type SentTx,
  startEthersReader,
  startFilter,
  startLogSubscriber,
  startReader,
  startSender,
  startSubscriber,
} from './chaos-load';
import {
  type BlockFilterHeights,
  type Fault,
  type HeadsSeen,
  faultOf,
  formatSummary,
  headsSeen,
} from './chaos-summary';
import { deployToken } from './deploy-token';

jest.setTimeout(300_000);

const LEADING = 'photon events: this replica publishes the chain heads';
const FOLLOWING = 'photon events: another replica publishes the chain heads';
const PASSPHRASE = 'chaos-passphrase-3f9c1e';
const SENDERS = [1, 2, 3];
const TOKEN_SENDER = 4;
const FUNDER = 5;
const UNLOCK_KEY_PASSPHRASE = 'chaos-unlock-key-7d2a90';

/** A killed service replica started again with the same arguments (as a fleet's supervisor would). */
function respawn(proc: ManagedProcess): ManagedProcess {
  const [command, ...args] = proc.child.spawnargs;
  return spawnProcess(command!, args);
}

/** The events replica whose latest leadership line says it publishes the heads. */
function leaderOf(events: readonly ManagedProcess[]): ManagedProcess | undefined {
  return events.find((p) => {
    const out = p.output();
    return !p.hasExited() && out.lastIndexOf(LEADING) > out.lastIndexOf(FOLLOWING);
  });
}

describe('the fleet under chaos', () => {
  let runDir: string | undefined;
  let scratch: string | undefined;
  let logs: RunLogs;
  let nats: OwnServer | undefined;
  let redis: OwnServer | undefined;
  let stack: ClusterStack | undefined;
  let balancer: LoadBalancer | undefined;
  const extra: ManagedProcess[] = [];
  const loops: Loop[] = [];
  const restoreEnv: [string, string | undefined][] = [];

  afterAll(async () => {
    await Promise.all(loops.map((l) => l.stop().catch(() => undefined)));
    await balancer?.close();
    await Promise.all(extra.map((p) => p.stop()));
    await stack?.stop();
    await nats?.kill('SIGTERM');
    await redis?.kill('SIGTERM');
    await logs?.close();
    // The logs stay for a grep after the run; the servers' data goes.
    if (runDir !== undefined)
      for (const data of ['nats', 'redis', 'devnet'])
        await rm(join(runDir, data), { recursive: true, force: true });
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
    for (const [name, value] of restoreEnv)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it('behavior: kills and restarts under load lose no head, filter or accepted tx; failures only in flight at a fault', async () => {
    const begun = Date.now();
    runDir = await mkdtemp(join(tmpdir(), 'photon-chaos-'));
    logs = runLogs(runDir);
    nats = await startOwnNats(join(runDir, 'nats'));
    nats.onStart((p) => logs.keep('nats-server', p));
    redis = await startOwnRedis(join(runDir, 'redis'));
    redis.onStart((p) => logs.keep('redis-server', p));
    for (const [name, value] of [
      ['PHOTON_TEST_NATS_URL', nats.url],
      ['PHOTON_TEST_REDIS_URL', redis.url],
    ] as const) {
      restoreEnv.push([name, process.env[name]]);
      process.env[name] = value;
    }
    const api = ['--rpc-api', 'eth,net,web3,personal'];
    // A key the keystore replicas import and unlock at start (--unlock-key): outside the run's log directory.
    scratch = await mkdtemp(join(tmpdir(), 'photon-chaos-keys-'));
    const unlockKey = Wallet.createRandom();
    await writeFile(join(scratch, 'key'), `${unlockKey.privateKey.slice(2)}\n`, { mode: 0o600 });
    await writeFile(join(scratch, 'passphrase'), `${UNLOCK_KEY_PASSPHRASE}\n`, { mode: 0o600 });
    stack = await startPhotonStack('cluster', {
      queryReplicas: 2,
      txReplicas: 2,
      keystoreReplicas: 2,
      eventsReplicas: 2,
      extraArgs: [
        ...api,
        '--lightkdf',
        ...['--import-key-file', join(scratch, 'key'), '--passphrase-file', join(scratch, 'passphrase')],
        ...['--unlock-key', unlockKey.address],
      ],
      // The devnet keeps its chain in a directory, so a kill -9 and a restart on it continue the chain.
      devnetArgs: ['--data-dir', join(runDir, 'devnet')],
      readyTimeoutMs: 120_000,
      ops: true,
    });
    const second = await addGateway(stack, [...api, '--redis-url', redis.url]);
    const { processes } = stack;
    logs.keep('devnet', processes.devnet!);
    logs.keep('gateway-a', processes.gateway);
    logs.keep('gateway-b', second.process);
    for (const role of ['query', 'tx', 'keystore', 'events'] as const)
      processes[role].forEach((p, i) => logs.keep(`${role}-${i}`, p));
    balancer = await startLoadBalancer([
      { httpUrl: stack.httpUrl, wsUrl: stack.wsUrl },
      { httpUrl: second.httpUrl, wsUrl: second.wsUrl },
    ]);
    const lb = balancer;
    const url = () => lb.httpUrl;
    const calls = new CallLog();
    process.stdout.write(`chaos: stack up in ${Date.now() - begun} ms, logs in ${runDir}\n`);

    // A keystore flow with a passphrase, so the log grep at the end means something.
    const account = await rpc<string>(lb.httpUrl, 'personal_newAccount', [PASSPHRASE]);
    expect(account.result).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await rpc(lb.httpUrl, 'personal_unlockAccount', [account.result, PASSPHRASE, 600])).result).toBe(
      true,
    );

    // A token whose transfers emit the logs the log filter follows.
    const provider = new JsonRpcProvider(lb.httpUrl, 9000, { staticNetwork: true, cacheTimeout: -1 });
    provider.pollingInterval = 200;
    const token = (await (await deployToken(provider, TOKEN_SENDER)).getAddress()).toLowerCase();
    // Gas for the two keystore accounts, whose sends after the keystore kill say their unlocks held.
    const funder = devWallet(FUNDER).connect(provider);
    for (const to of [account.result!, unlockKey.address])
      await (await funder.sendTransaction({ to, value: parseEther('1') })).wait();
    /** An eth_sendTransaction from `from` (signed by the keystore) answered with a hash that gets a receipt. */
    const signsAndSends = async (from: string): Promise<string> => {
      const sentTx = await rpc<string>(lb.httpUrl, 'eth_sendTransaction', [
        { from, to: '0x000000000000000000000000000000000000c0de', value: '0x1' },
      ]);
      if (sentTx.result === undefined) return `refused: ${sentTx.error?.message ?? 'no answer'}`;
      const hash = sentTx.result;
      return waitFor(
        async () => (await rpc(lb.httpUrl, 'eth_getTransactionReceipt', [hash])).result != null,
        { what: `a receipt for ${hash}`, timeoutMs: 20_000 },
      ).then(
        () => 'sent and mined',
        () => `no receipt for ${hash}`,
      );
    };
    const unlocks = (): Promise<string[]> =>
      Promise.all([signsAndSends(account.result!), signsAndSends(unlockKey.address)]);
    expect(await unlocks()).toEqual(['sent and mined', 'sent and mined']);
    const gasPrice = BigInt((await rpc<string>(lb.httpUrl, 'eth_gasPrice')).result!) * 2n;
    const nonceOf = async (index: number) =>
      Number(
        (await rpc<string>(lb.httpUrl, 'eth_getTransactionCount', [devWallet(index).address, 'pending']))
          .result,
      );

    // The load: subscribers and filters first, so they cover every fault.
    const subscribers: HeadSubscriber[] = [0, 1, 2, 3].map((i) =>
      startSubscriber(calls, `subscriber-${i}`, lb.wsUrl, url),
    );
    loops.push(...subscribers);
    // Stopped after the receipts are in, once it has been sent the head after them: its last logs come then.
    const logSubscriber = startLogSubscriber(calls, 'logs-subscriber', lb.wsUrl, url, token);
    const filters: PolledFilter[] = [
      await startFilter(calls, 'block-filter-0', url, 'eth_newBlockFilter', []),
      await startFilter(calls, 'block-filter-1', url, 'eth_newBlockFilter', []),
      await startFilter(calls, 'log-filter', url, 'eth_newFilter', [{ address: token }]),
    ];
    loops.push(...filters);
    const sent: SentTx[] = [];
    for (const index of SENDERS)
      loops.push(
        startSender(calls, `sender-${index}`, url, devWallet(index), await nonceOf(index), gasPrice, sent),
      );
    loops.push(
      startSender(
        calls,
        'token-sender',
        url,
        devWallet(TOKEN_SENDER),
        await nonceOf(TOKEN_SENDER),
        gasPrice,
        sent,
        token,
      ),
    );
    loops.push(startReader(calls, 'reader-0', url, devWallet(1).address));
    loops.push(startReader(calls, 'reader-1', url, devWallet(2).address));
    loops.push(startEthersReader(calls, 'ethers-reader', lb.httpUrl, devWallet(3).address));
    const loadStartMs = Date.now();

    const lastHead = (): bigint =>
      subscribers.reduce((max, s) => {
        const last = s.sessions.flat().at(-1) ?? 0n;
        return last > max ? last : max;
      }, 0n);
    const accepted = () => sent.filter((tx) => tx.accepted).length;
    /** Recovered: every subscriber is past `height + 3`, and the tier accepted txs and answered reads again. */
    const recovered = async (what: string, height: bigint, acceptedBefore: number): Promise<void> => {
      await waitFor(
        async () => {
          if (!subscribers.every((s) => (s.sessions.at(-1)?.at(-1) ?? 0n) > height + 3n)) return false;
          if (accepted() < acceptedBefore + 2) return false;
          return (
            (await call(calls, 'recovery', lb.httpUrl, 'eth_getBalance', [devWallet(1).address, 'latest']))
              .result !== undefined
          );
        },
        {
          what: `recovery after ${what}`,
          timeoutMs: 45_000,
          intervalMs: 200,
          detail: () =>
            subscribers.map((s) => `${s.name}: last ${String(s.sessions.at(-1)?.at(-1))}`).join('; '),
        },
      );
    };
    const faults: Fault[] = [];
    const fault = async (name: string, act: () => Promise<string>): Promise<void> => {
      const height = lastHead();
      const acceptedBefore = accepted();
      const record: Fault = {
        name,
        startMs: Date.now(),
        endMs: Number.POSITIVE_INFINITY,
        startHeight: height,
        endHeight: height,
        note: '',
      };
      faults.push(record);
      record.note = await act();
      await recovered(name, lastHead() > height ? lastHead() : height, acceptedBefore);
      record.endMs = Date.now();
      record.endHeight = lastHead();
      process.stdout.write(`chaos: ${name} recovered in ${record.endMs - record.startMs} ms\n`);
    };

    await waitFor(async () => Promise.resolve(accepted() >= 8 && lastHead() > 0n), {
      what: 'the load to run',
      timeoutMs: 30_000,
    });

    let queryReplacement: ManagedProcess | undefined;
    await fault('SIGKILL query replica', async () => {
      const victim = processes.query[0]!;
      victim.child.kill('SIGKILL');
      await victim.exited;
      queryReplacement = respawn(victim);
      extra.push(queryReplacement);
      logs.keep('query-0', queryReplacement);
      return `pid ${victim.child.pid} killed; the other replica serves; a replacement starts`;
    });
    // The fleet's supervisor brings the replica back; the next fault waits for it, outside any fault's window.
    await waitFor(async () => Promise.resolve(/ serving on NATS /.test(queryReplacement!.output())), {
      what: 'the replacement query replica',
      timeoutMs: 60_000,
    });

    await fault('SIGKILL events leader', async () => {
      let leader: ManagedProcess | undefined;
      await waitFor(async () => Promise.resolve((leader = leaderOf(processes.events)) !== undefined), {
        what: 'an events leader',
      });
      const index = processes.events.indexOf(leader!);
      const standby = processes.events.find((p) => p !== leader)!;
      leader!.child.kill('SIGKILL');
      await leader!.exited;
      await waitFor(async () => Promise.resolve(leaderOf([standby]) !== undefined), {
        what: 'the standby to lead',
        timeoutMs: 30_000,
      });
      const replacement = respawn(leader!);
      processes.events[index] = replacement;
      extra.push(replacement);
      logs.keep(`events-${index}`, replacement);
      return `events-${index} (pid ${leader!.child.pid}) killed; the standby leads; a replacement starts`;
    });
    await waitFor(
      async () =>
        Promise.resolve(
          / serving on NATS /.test(processes.events.at(-1)!.output()) &&
            processes.events.every((p) => / serving on NATS /.test(p.output())),
        ),
      {
        what: 'the replacement events replica',
        timeoutMs: 60_000,
      },
    );

    await fault('Redis restart (SIGKILL, AOF)', async () => {
      await redis!.kill('SIGKILL');
      await redis!.start();
      return `redis-server on ${redis!.port} killed and started again on its AOF`;
    });

    await fault('NATS restart', async () => {
      const stoppedAt = Date.now();
      await nats!.kill('SIGTERM');
      const stopMs = Date.now() - stoppedAt;
      await nats!.start();
      const upMs = Date.now() - stoppedAt;
      return `nats-server on ${nats!.port} stopped (${stopMs} ms) and started again on its JetStream store, listening ${upMs} ms after the stop`;
    });

    const keystoresAfter: ManagedProcess[] = [];
    await fault('SIGKILL both keystore replicas', async () => {
      const dead = processes.keystore;
      const killedAt = Date.now();
      for (const replica of dead) replica.child.kill('SIGKILL');
      await Promise.all(dead.map((replica) => replica.exited));
      const exitedMs = Date.now() - killedAt;
      dead.forEach((replica, i) => {
        const replacement = respawn(replica);
        keystoresAfter.push(replacement);
        extra.push(replacement);
        logs.keep(`keystore-${i}`, replacement);
      });
      // The fresh replicas serve once subscribed, having unlocked the --unlock-key account at start.
      await waitFor(
        async () =>
          Promise.resolve(
            keystoresAfter.every(
              (p) => / serving on NATS /.test(p.output()) && /until the tier stops/.test(p.output()),
            ),
          ),
        { what: 'the new keystore replicas', timeoutMs: 60_000, intervalMs: 50 },
      );
      const servingMs = Date.now() - killedAt;
      return `pids ${dead.map((p) => p.child.pid).join(', ')} killed at once (exited after ${exitedMs} ms); two replacements serve ${servingMs} ms after the kill`;
    });
    // Both unlocks held: the personal_unlockAccount session (in Redis, wrapped with the KEK) and the one at start.
    const unlocksAfterKeystores = await unlocks();

    await fault('SIGKILL devnet, restart on its data dir', async () => {
      const devnet = processes.devnet!;
      devnet.child.kill('SIGKILL');
      await devnet.exited;
      const restarted = respawn(devnet);
      extra.push(restarted);
      logs.keep('devnet', restarted);
      await waitForDevnet(stack!.devnetUrl, restarted, 60_000);
      return `pid ${devnet.child.pid} killed; restarted on ${join(runDir!, 'devnet')} and the same port`;
    });

    // The gateway's metrics, read before it goes: what it counted of this run.
    const gatewayCalls = callsCounted(await metricsOf(opsUrlOf(stack, processes.gateway)), 'gateway');
    await fault('SIGTERM gateway', async () => {
      const gateway = processes.gateway;
      gateway.child.kill('SIGTERM');
      const code = await gateway.exited;
      return `gateway-a exited with ${String(code)}`;
    });

    // A little calm after the last fault, then the end of the load.
    const calmFrom = lastHead();
    await waitFor(
      async () =>
        Promise.resolve(subscribers.every((s) => (s.sessions.at(-1)?.at(-1) ?? 0n) >= calmFrom + 5n)),
      {
        what: 'five calm heads',
        timeoutMs: 20_000,
      },
    );
    await Promise.all(loops.map((l) => l.stop()));
    const loadSeconds = (Date.now() - loadStartMs) / 1000;

    // Every accepted tx has a receipt (given the time a block takes).
    const acceptedTxs = sent.filter((tx) => tx.accepted);
    const receipts = new Map<string, boolean>();
    await waitFor(
      async () => {
        for (const tx of acceptedTxs) {
          if (receipts.get(tx.hash) === true) continue;
          const receipt = await rpc<unknown>(lb.httpUrl, 'eth_getTransactionReceipt', [tx.hash]);
          receipts.set(tx.hash, receipt.result !== null && receipt.result !== undefined);
        }
        return [...receipts.values()].every(Boolean);
      },
      { what: 'a receipt for every accepted tx', timeoutMs: 20_000, intervalMs: 500 },
    ).catch(() => undefined);
    const withoutReceipt = acceptedTxs.filter((tx) => receipts.get(tx.hash) !== true).map((tx) => tx.hash);
    const headAfterReceipts = BigInt((await rpc<string>(lb.httpUrl, 'eth_blockNumber')).result ?? '0x0');
    await waitFor(() => Promise.resolve((logSubscriber.lastHead() ?? 0n) > headAfterReceipts), {
      what: 'the logs subscriber to be sent a head past the last receipt',
      timeoutMs: 10_000,
    }).catch(() => undefined);
    await logSubscriber.stop();

    // Every filter still answers; the log filter holds every token transfer that reached a block.
    const filterReport = [];
    let logFilterMissing: string[] = [];
    let logFilterUnknown = 0;
    let logFilterDuplicates = 0;
    const loggedTxs = acceptedTxs
      .filter((tx) => tx.logs && receipts.get(tx.hash) === true)
      .map((tx) => tx.hash);
    const tokenTxs = new Set(sent.filter((tx) => tx.logs).map((tx) => tx.hash));
    for (const filter of filters) {
      const answer = await rpc<unknown[]>(lb.httpUrl, 'eth_getFilterChanges', [filter.id]);
      let detail = answer.error === undefined ? '' : `(${answer.error.message})`;
      if (filter.name === 'log-filter' && answer.result !== undefined) {
        for (const change of answer.result as { transactionHash: string; logIndex: string }[])
          filter.changes.push(`${change.transactionHash}:${change.logIndex}`);
        const seen = new Set(filter.changes.map((c) => c.split(':')[0]!));
        logFilterMissing = loggedTxs.filter((hash) => !seen.has(hash));
        logFilterUnknown = [...seen].filter((hash) => !tokenTxs.has(hash)).length;
        logFilterDuplicates = filter.changes.length - new Set(filter.changes).size;
        detail += ` (${loggedTxs.length} token transfers mined, ${logFilterMissing.length} missing, ${logFilterUnknown} unknown, ${logFilterDuplicates} duplicated)`;
      }
      filterReport.push({ filter, answersAtEnd: answer.error === undefined, detail });
    }
    // The logs subscriber: every mined token transfer's log, sent once by a session or fetched between two.
    const sessionLogs = logSubscriber.sessions.flat();
    const subscribedLogs = new Set([...sessionLogs, ...logSubscriber.refetched].map((c) => c.split(':')[0]!));
    const logSubscription = {
      missing: loggedTxs.filter((hash) => !subscribedLogs.has(hash)).length,
      unknown: [...subscribedLogs].filter((hash) => !tokenTxs.has(hash)).length,
      sentTwice: sessionLogs.length - new Set(sessionLogs).size,
    };
    const logSubscriptionLine =
      `logs subscription: ${logSubscriber.sessions.length} sessions sent ${sessionLogs.length} logs, ` +
      `${logSubscriber.refetched.length} fetched between sessions; of ${loggedTxs.length} token transfers mined ` +
      `${logSubscription.missing} missing, ${logSubscription.unknown} unknown, ${logSubscription.sentTwice} sent twice`;
    const blockFilters = await Promise.all(
      filters.filter((f) => f.name.startsWith('block-filter')).map((f) => blockFilterSeen(lb.httpUrl, f)),
    );
    const failedPollsOf = (name: string): number => filters.find((f) => f.name === name)?.failedPolls ?? 0;
    const blockFilterLines = blockFilters.map(
      (b) =>
        `  ${b.name}: ${b.hashes} hashes for heights ${String(b.first)}..${String(b.last)}, ${b.unknown} unknown, ` +
        `${b.duplicates} duplicated, ${b.gaps.length} missing${b.gaps.length > 0 ? ` (${b.gaps.slice(0, 12).join(',')})` : ''}; ${failedPollsOf(b.name)} of its polls failed`,
    );

    // Both accounts still send after every fault, and the personal one unlocks again (its key file survived).
    const unlocksAtEnd = await unlocks();
    expect((await rpc(lb.httpUrl, 'personal_unlockAccount', [account.result, PASSPHRASE, 60])).result).toBe(
      true,
    );

    const queryCalls = callsCounted(await metricsOf(opsUrlOf(stack, processes.query[1]!)), 'query');
    await logs.close();
    const leaks: string[] = [];
    const secrets: [string, string][] = [
      ['the passphrase', PASSPHRASE],
      ['the --unlock-key passphrase', UNLOCK_KEY_PASSPHRASE],
      ['the --unlock-key key', unlockKey.privateKey.slice(2)],
      ...[...SENDERS, TOKEN_SENDER].map((i): [string, string] => [
        `dev key ${i}`,
        devWallet(i).privateKey.slice(2),
      ]),
    ];
    for (const [what, secret] of secrets) {
      const files = await logs.grep(secret);
      if (files.length > 0) leaks.push(`${what} in ${files.join(', ')}`);
    }

    const heads: HeadsSeen[] = subscribers.map(headsSeen);
    const summary = formatSummary({
      seconds: loadSeconds,
      calls: calls.calls,
      spans: calls.spans,
      blockFilters,
      logFilterMissing,
      failures: calls.failures,
      faults,
      heads,
      filters: filterReport,
      sent,
      withoutReceipt,
      balancer: { ...lb.counts },
      leaks,
      logDir: runDir,
    });
    process.stdout.write(
      `${summary}\nmetrics: gateway-a counted ${gatewayCalls} calls, the surviving query replica ${queryCalls}\n` +
        `unlocks kept (personal_unlockAccount session, --unlock-key): after the keystore kill [${unlocksAfterKeystores.join(', ')}], at the end [${unlocksAtEnd.join(', ')}]\n` +
        `${logSubscriptionLine}\n` +
        `subscriber closes: ${subscribers.map((sub) => `${sub.name} [${sub.closes.join('; ')}]`).join(', ')}\nblock filters (each hash asked by eth_getBlockByHash):\n${blockFilterLines.join('\n')}\nchaos: whole test ${((Date.now() - begun) / 1000).toFixed(0)} s\n`,
    );

    expect({
      transportFailures: calls.failures.filter((f) => f.kind === 'transport'),
      outsideFaults: calls.failures.filter((f) => faultOf(f, faults) === undefined),
      missedHeads: heads
        .filter((h) => h.missed.length > 0 || h.skippedInSession.length > 0)
        .map((h) => h.name),
      // A poll whose answer was lost in flight (an events replica killed, NATS restarted) did not move the
      // filter's cursor: its changes come with a later poll, so no filter misses a block or a log. The
      // guarantee is at-least-once: a poll whose reply reached the gateway but whose confirmation was lost
      // (the events leader killed in between) gives its changes again, so duplicates are reported, not asserted.
      blockFiltersOff: blockFilters.filter((b) => b.unknown + b.gaps.length > 0).map((b) => b.name),
      logFilter: { missing: logFilterMissing.length, unknown: logFilterUnknown },
      logSubscription,
      unlocks: [...unlocksAfterKeystores, ...unlocksAtEnd],
      filtersLost: filterReport
        .filter((f) => !f.answersAtEnd || f.filter.notFound > 0)
        .map((f) => f.filter.name),
      withoutReceipt,
      leaks,
      // The SIGTERMed gateway drains: its websocket clients are told to reconnect elsewhere (1012). The last
      // close of each subscriber is the test's own, at the end of the load.
      closesOtherThan1012: subscribers.flatMap((sub) =>
        sub.closes.slice(0, -1).filter((close) => !close.startsWith('1012')),
      ),
      gatewayCounted: gatewayCalls > 0,
      queryCounted: queryCalls > 0,
    }).toEqual({
      transportFailures: [],
      outsideFaults: [],
      missedHeads: [],
      blockFiltersOff: [],
      logFilter: { missing: 0, unknown: 0 },
      logSubscription: { missing: 0, unknown: 0, sentTwice: 0 },
      unlocks: ['sent and mined', 'sent and mined', 'sent and mined', 'sent and mined'],
      filtersLost: [],
      withoutReceipt: [],
      leaks: [],
      closesOtherThan1012: [],
      gatewayCounted: true,
      queryCounted: true,
    });
  });
});

/** What a block filter's hashes stand for: each hash's height (asked by hash), duplicates, gaps and unknown hashes. */
interface BlockFilterSeen extends BlockFilterHeights {
  readonly name: string;
  readonly hashes: number;
  readonly unknown: number;
  readonly duplicates: number;
  readonly gaps: bigint[];
  readonly first?: bigint;
  readonly last?: bigint;
}

async function blockFilterSeen(httpUrl: string, filter: PolledFilter): Promise<BlockFilterSeen> {
  const heights: (bigint | undefined)[] = [];
  for (let i = 0; i < filter.changes.length; i += 100) {
    const batch = filter.changes.slice(i, i + 100).map((hash, j) => ({
      jsonrpc: '2.0',
      id: j,
      method: 'eth_getBlockByHash',
      params: [hash, false],
    }));
    const res = await fetch(httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
    const replies = (await res.json()) as { id: number; result?: { number: string } | null }[];
    replies.sort((a, b) => a.id - b.id);
    for (const reply of replies) heights.push(reply.result ? BigInt(reply.result.number) : undefined);
  }
  const known = heights.filter((h): h is bigint => h !== undefined);
  // A height given again by a later poll (at-least-once) comes out of order: a gap is a height never given.
  const given = new Set(known);
  const gaps: bigint[] = [];
  if (known.length > 0) {
    const lowest = known.reduce((min, h) => (h < min ? h : min));
    const highest = known.reduce((max, h) => (h > max ? h : max));
    for (let h = lowest; h <= highest; h++) if (!given.has(h)) gaps.push(h);
  }
  const once = new Set<bigint>();
  const duplicateHeights: bigint[] = [];
  for (const h of known) {
    if (once.has(h)) duplicateHeights.push(h);
    once.add(h);
  }
  return {
    name: filter.name,
    hashes: filter.changes.length,
    unknown: heights.length - known.length,
    duplicates: known.length - new Set(known).size,
    gaps,
    duplicateHeights,
    ...(known.length === 0 ? {} : { first: known[0], last: known.at(-1) }),
  };
}

/** Calls a layer counted, summed over its methods: photon_rpc_requests_total{service="<layer>",…}. */
function callsCounted(metrics: string, layer: string): number {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('photon_rpc_requests_total{') && line.includes(`service="${layer}"`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
