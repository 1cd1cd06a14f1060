import { EthCallParams, decodeParams } from '@photon/codec';
import { stateOverridesJson, transactionArgs } from './call-args';

const TO = '0x00000000000000000000000000000000000000aa';

describe(transactionArgs.name, () => {
  it('default: quantities and data as geth’s TransactionArgs JSON, absent fields dropped', () => {
    const { transaction } = decodeParams(EthCallParams, [
      { to: TO, data: '0x70a08231', gas: '0x5208', value: '0x0' },
    ]);
    expect(JSON.parse(JSON.stringify(transactionArgs(transaction)))).toEqual({
      to: TO,
      gas: '0x5208',
      value: '0x0',
      input: '0x70a08231',
      data: '0x70a08231',
    });
  });

  it('args: EIP-1559 fees, nonce, chain id and an access list', () => {
    const { transaction } = decodeParams(EthCallParams, [
      {
        from: TO,
        maxFeePerGas: '0x10',
        maxPriorityFeePerGas: '0x1',
        nonce: '0x2',
        chainId: '0x2328',
        accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }],
      },
    ]);
    expect(transactionArgs(transaction)).toMatchObject({
      from: TO,
      maxFeePerGas: '0x10',
      maxPriorityFeePerGas: '0x1',
      nonce: '0x2',
      chainId: '0x2328',
      accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    });
  });
});

describe(stateOverridesJson.name, () => {
  it('default: account overrides back as geth’s StateOverride JSON', () => {
    const slot = `0x${'00'.repeat(31)}01`;
    const { stateOverrides } = decodeParams(EthCallParams, [
      { to: TO },
      'latest',
      { [TO]: { balance: '0x64', code: '0x6000', stateDiff: { [slot]: slot } } },
    ]);
    expect(JSON.parse(JSON.stringify(stateOverridesJson(stateOverrides!)))).toEqual({
      [TO]: { balance: '0x64', code: '0x6000', stateDiff: { [slot]: slot } },
    });
  });
});
