// tx_search's narrowing: indexed equality goes straight to one tx, height conditions bound the
// scan, anything else leaves every tx a candidate.
import { unwrapEthereumTx, wrapEthereumTx } from '@photon/ethermint-wire';
import { Wallet, getBytes } from 'ethers';
import { BlockProducer } from '../chain/block-producer';
import { ChainStore } from '../chain/chain-store';
import { parseQuery } from '@photon/ethermint-wire';
import { encodeHex } from '../comet';
import { DEV_MNEMONIC, EvmChain } from '../evm';
import { ValidatorKey } from '../node/validator-key';
import { txCandidates } from './tx-candidates';

jest.setTimeout(30_000);

describe(txCandidates.name, () => {
  let store: ChainStore;
  let ethHashes: string[];

  beforeAll(async () => {
    const evm = await EvmChain.create();
    store = new ChainStore();
    const producer = new BlockProducer({
      chainId: 'photon_9000-1',
      evm,
      store,
      validator: ValidatorKey.generate(),
      coinbase: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      genesisAppHash: evm.block(0).stateRoot,
    });
    await producer.produce();
    const wallet = Wallet.fromPhrase(DEV_MNEMONIC);
    ethHashes = [];
    for (const nonce of [0, 1]) {
      const signed = await wallet.signTransaction({
        to: '0x000000000000000000000000000000000000dEaD',
        gasLimit: 21_000n,
        gasPrice: 10_000_000_000n,
        nonce,
        chainId: 9000n,
      });
      const tx = wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' });
      const [message] = unwrapEthereumTx(tx);
      expect((await evm.checkTx(message!.signedRaw)).ok).toBe(true);
      producer.admitted(message!.hash, tx);
      ethHashes.push(message!.hash);
      await producer.produce();
    }
  });

  const candidates = (query: string) => txCandidates(store, parseQuery(query));

  it('default: an Ethereum or CometBFT hash goes straight to its tx', () => {
    expect(candidates(`ethereum_tx.ethereumTxHash='${ethHashes[1]}'`)).toEqual([{ height: 3n, index: 0 }]);
    const cometHash = encodeHex(store.at(2n)!.txHashes[0]!);
    expect(candidates(`tx.hash='${cometHash}'`)).toEqual([{ height: 2n, index: 0 }]);
  });

  it('behavior: tx.height conditions bound the heights scanned', () => {
    expect(candidates('tx.height=3')).toEqual([{ height: 3n, index: 0 }]);
    expect(candidates('tx.height>2')).toEqual([{ height: 3n, index: 0 }]);
    expect(candidates('tx.height<=2')).toEqual([{ height: 2n, index: 0 }]);
  });

  it('behavior: other conditions leave every tx a candidate', () => {
    expect(candidates("ethereum.recipient='0x000000000000000000000000000000000000dEaD'")).toEqual([
      { height: 2n, index: 0 },
      { height: 3n, index: 0 },
    ]);
  });

  it('error: an unknown or malformed hash has no candidates', () => {
    expect(candidates(`ethereum_tx.ethereumTxHash='0x${'00'.repeat(32)}'`)).toEqual([]);
    expect(candidates("tx.hash='not hex'")).toEqual([]);
  });
});
