// Blocks the devnet produces are real CometBFT blocks: linked headers whose hash is the block id,
// signed commits, app hashes one block behind, and Ethermint-shaped results for Ethereum txs.
import { decodeTxMsgData, unwrapEthereumTx, wrapEthereumTx } from '@photon/ethermint-wire';
import { Wallet, getBytes } from 'ethers';
import { createPublicKey, verify } from 'node:crypto';
import { dataHash, headerHash } from '../comet';
import { DEV_MNEMONIC, EvmChain } from '../evm';
import { voteSignBytes } from '../node/canonical-vote';
import { ValidatorKey } from '../node/validator-key';
import { eventMap } from './abci-results';
import { BlockProducer } from './block-producer';
import { ChainStore } from './chain-store';

jest.setTimeout(30_000);

async function devnetParts() {
  const evm = await EvmChain.create();
  const store = new ChainStore();
  const validator = ValidatorKey.generate();
  let clock = 1_700_000_000_000_000_000n;
  const producer = new BlockProducer({
    chainId: 'photon_9000-1',
    evm,
    store,
    validator,
    coinbase: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    genesisAppHash: evm.block(0).stateRoot,
    now: () => (clock += 1_000_000_000n),
  });
  return { evm, store, validator, producer };
}

describe(BlockProducer.name, () => {
  it('default: empty blocks link up, hash to their ids and carry signed commits', async () => {
    const { evm, store, validator, producer } = await devnetParts();
    const first = await producer.produce();
    const second = await producer.produce();
    expect(store.latestHeight).toBe(2n);
    expect(Buffer.from(headerHash(first.block.header))).toEqual(Buffer.from(first.id.hash));
    expect(second.block.header.lastBlockId).toEqual(first.id);
    expect(second.block.lastCommit).toEqual(first.commit);
    expect(Buffer.from(first.block.header.appHash)).toEqual(Buffer.from(evm.block(0).stateRoot));
    expect(Buffer.from(second.block.header.appHash)).toEqual(Buffer.from(first.appHash));
    expect(second.block.header.time.seconds).toBeGreaterThan(first.block.header.time.seconds);

    const sig = second.commit.signatures[0]!;
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), validator.validator.pubKey.bytes]),
      format: 'der',
      type: 'spki',
    });
    const signBytes = voteSignBytes({
      chainId: 'photon_9000-1',
      height: 2n,
      round: 0,
      blockId: second.id,
      timestamp: sig.timestamp,
    });
    expect(verify(null, signBytes, publicKey, sig.signature)).toBe(true);
    expect(store.byHash(second.id.hash)).toBe(second);
  });

  it('behavior: an Ethereum transfer lands with Ethermint-shaped results and is indexed', async () => {
    const { evm, store, producer } = await devnetParts();
    await producer.produce();
    const wallet = Wallet.fromPhrase(DEV_MNEMONIC);
    const signed = await wallet.signTransaction({
      to: '0x000000000000000000000000000000000000dEaD',
      value: 1000n,
      gasLimit: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
      nonce: 0,
      chainId: 9000n,
      type: 2,
    });
    const cometTx = wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' });
    const [message] = unwrapEthereumTx(cometTx);
    const check = await evm.checkTx(message!.signedRaw, { from: message!.from as `0x${string}` });
    expect(check.ok).toBe(true);
    producer.admitted(message!.hash, cometTx);

    const block = await producer.produce();
    expect(block.block.txs).toEqual([cometTx]);
    expect(Buffer.from(block.block.header.dataHash)).toEqual(Buffer.from(dataHash([cometTx])));
    const result = block.txResults[0]!;
    const events = eventMap(result.events);
    expect(events['ethereum_tx.ethereumTxHash']).toEqual([message!.hash]);
    expect(events['ethereum.recipient']).toEqual(['0x000000000000000000000000000000000000dEaD']);
    expect(events['message.module']).toEqual(['evm']);
    expect(result.gasUsed).toBe(21_000n);
    expect(decodeTxMsgData(result.data)[0]!.hash).toBe(message!.hash);
    expect(store.txByEthereumHash(message!.hash)).toEqual({ height: 2n, index: 0 });
  });
});
