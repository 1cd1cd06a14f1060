// Records the engine answers behind the engine-client unit tests from a real `photon devnet` (CometBFT 0.38 +
// Ethermint's maintained layout): it plays a scenario (a contract creation, then in one block a log, a revert,
// a legacy transfer, an EIP-2930 call and an EIP-1559 transfer, then one tx left pending) and drives the built
// engine-client through a recording proxy, so every call the reader makes and its exact answer is captured.
//
//   pnpm build && node libs/engine-client/scripts/record-devnet-fixture.mjs
//
// writes src/testing/fixtures/devnet/devnet-0.38.json: { scenario, exchanges: [{ method, params, response }] }
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { HDNodeWallet, Transaction, getCreateAddress, parseEther } = require('ethers');
const { wrapEthereumTx } = require('@photon/ethermint-wire');
const { freePort, spawnPhoton, waitForDevnet } = require('@photon/testing');
const { CometHttpClient, EthereumChainReader, EvmQueryClient, HeightNotAvailableError } = require(
  join(here, '..', 'dist', 'index.js'),
);
const probe = require(join(here, '..', 'src', 'testing', 'fixtures', 'log-probe.json'));

const MNEMONIC = 'test test test test test test test test test test test junk';
const CHAIN_ID = 9000n;
const wallet = (i) => HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`);

/** An HTTP proxy in front of the devnet that keeps every request and the answer it got. */
async function recordingProxy(target) {
  const exchanges = [];
  const seen = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = await fetch(target, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      const text = await answer.text();
      const request = JSON.parse(body);
      const { result, error } = JSON.parse(text);
      const params = request.params ?? {};
      // The same call answers the same (a committed chain does not change): keep one.
      const key = `${request.method} ${JSON.stringify(params)}`;
      if (!seen.has(key))
        exchanges.push({ method: request.method, params, response: error ? { error } : { result } });
      seen.add(key);
      res.setHeader('content-type', 'application/json');
      res.end(text);
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, exchanges, close: () => new Promise((r) => server.close(r)) };
}

async function main() {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const devnet = spawnPhoton(['devnet', '--devnet-laddr', `tcp://127.0.0.1:${port}`, '--block-time', '1000']);
  try {
    await waitForDevnet(rpcUrl, devnet);
    const direct = new CometHttpClient(rpcUrl);
    const evm = new EvmQueryClient(direct);
    const baseFee = (await evm.baseFee()) ?? 0n;
    const price = baseFee * 2n + 1_000_000_000n;

    // Nonces are counted here: the account query reads committed state, not the mempool.
    const nonces = new Map();
    const send = async (signer, fields) => {
      const nonce = nonces.get(signer.address) ?? (await evm.account(signer.address.toLowerCase())).nonce;
      nonces.set(signer.address, nonce + 1n);
      const signed = await signer.signTransaction({ chainId: CHAIN_ID, nonce: Number(nonce), ...fields });
      const raw = Buffer.from(signed.slice(2), 'hex');
      const answer = await direct.broadcastTxSync(
        wrapEthereumTx(raw, { layout: 'maintained', denom: 'aphoton' }),
      );
      if (answer.code !== 0) throw new Error(`broadcast refused: ${answer.log}`);
      return Transaction.from(signed).hash;
    };
    const waitMined = async (hashes) => {
      for (let i = 0; i < 100; i++) {
        const found = await Promise.all(
          hashes.map((h) => direct.txSearch(`ethereum_tx.ethereumTxHash='${h}'`).then((r) => r.txs[0])),
        );
        if (found.every((t) => t !== undefined)) return found.map((t) => t.height);
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('txs not mined');
    };
    const dynamic = { type: 2, maxFeePerGas: price, maxPriorityFeePerGas: 1_000_000_000n };

    const [deployer, legacy, accessList, payer, pender] = [0, 1, 2, 3, 4].map(wallet);
    const contract = getCreateAddress({ from: deployer.address, nonce: 0 }).toLowerCase();
    const creation = await send(deployer, { ...dynamic, gasLimit: 200_000n, data: probe.initCode });
    const [creationHeight] = await waitMined([creation]);

    const txs = {
      creation,
      log: await send(deployer, { ...dynamic, to: contract, gasLimit: 60_000n, data: '0x' }),
      revert: await send(deployer, { ...dynamic, to: contract, gasLimit: 60_000n, data: '0x01' }),
      legacyTransfer: await send(legacy, {
        type: 0,
        gasPrice: price,
        to: wallet(5).address,
        value: parseEther('1'),
        gasLimit: 21_000n,
      }),
      accessListLog: await send(accessList, {
        type: 1,
        gasPrice: price,
        to: contract,
        gasLimit: 80_000n,
        accessList: [{ address: contract, storageKeys: [] }],
      }),
      dynamicTransfer: await send(payer, {
        ...dynamic,
        to: wallet(6).address,
        value: 12345n,
        gasLimit: 21_000n,
      }),
    };
    const heights = await waitMined(Object.values(txs).slice(1));
    if (new Set(heights).size !== 1)
      throw new Error(`scenario split over blocks ${heights.join(', ')}; run again`);
    const height = heights[0];

    const proxy = await recordingProxy(rpcUrl);
    const comet = new CometHttpClient(proxy.url);
    const reader = new EthereumChainReader(comet, new EvmQueryClient(comet));
    const queries = new EvmQueryClient(comet);
    const status = await comet.status();
    const future = status.syncInfo.latestBlockHeight + 1000n;
    const block = await reader.blockByNumber(height);
    await reader.blockByNumber(creationHeight);
    await reader.blockByNumber(1n);
    for (const hash of Object.values(txs)) await reader.receipt(hash);
    await reader.transactionByHash(`0x${'ab'.repeat(32)}`);
    await reader.blockByNumber(future);
    const byHash = new EthereumChainReader(comet, queries);
    await byHash.blockByHash(block.block.hash);
    await byHash.blockByHash(`0x${'cd'.repeat(32)}`);
    await queries.balance(deployer.address.toLowerCase(), height);
    await queries.code(contract, height);
    await queries.account(deployer.address.toLowerCase(), height);
    await queries.baseFee(height);
    await queries.ethCall({
      args: { to: contract, from: deployer.address },
      gasCap: 25_000_000n,
      chainId: CHAIN_ID,
      height,
    });
    await queries.ethCall({
      args: { to: contract, data: '0x01' },
      gasCap: 25_000_000n,
      chainId: CHAIN_ID,
      height,
    });
    await queries.estimateGas({
      args: { to: contract, from: deployer.address },
      gasCap: 25_000_000n,
      chainId: CHAIN_ID,
      height,
    });
    await queries.balance(deployer.address.toLowerCase(), future).catch((e) => {
      if (!(e instanceof HeightNotAvailableError)) throw e;
    });

    // A tx caught in the mempool: sent right after a block, read before the next one.
    let pending;
    for (let attempt = 0; attempt < 5 && pending === undefined; attempt++) {
      const before = (await direct.status()).syncInfo.latestBlockHeight;
      while ((await direct.status()).syncInfo.latestBlockHeight === before)
        await new Promise((r) => setTimeout(r, 50));
      const hash = await send(pender, { ...dynamic, to: wallet(7).address, value: 1n, gasLimit: 21_000n });
      const seen = await reader.pendingTransactions();
      if (seen.some((t) => t.hash === hash)) pending = hash;
    }
    if (pending === undefined) throw new Error('could not catch a pending tx');

    await proxy.close();
    const scenario = {
      chainId: CHAIN_ID.toString(),
      cometVersion: status.nodeInfo.version,
      creationHeight: creationHeight.toString(),
      height: height.toString(),
      futureHeight: future.toString(),
      contract,
      pingTopic: probe.pingTopic,
      accounts: {
        deployer: deployer.address.toLowerCase(),
        legacy: legacy.address.toLowerCase(),
        accessList: accessList.address.toLowerCase(),
        payer: payer.address.toLowerCase(),
      },
      txs,
      pending,
    };
    const target = join(here, '..', 'src', 'testing', 'fixtures', 'devnet', 'devnet-0.38.json');
    const text = JSON.stringify({ scenario, exchanges: proxy.exchanges });
    // Written as the repository's prettier formats it, so `prettier --check` stays clean.
    const prettier = require('prettier');
    const options = (await prettier.resolveConfig(target)) ?? {};
    writeFileSync(target, await prettier.format(text, { ...options, filepath: target }));
    console.log(`wrote ${target}: ${proxy.exchanges.length} exchanges, scenario block ${height}`);
  } finally {
    await devnet.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
