import { CodecError } from '../primitives/codec-error';
import { ACCESS_LIST_TX, DYNAMIC_FEE_TX, LEGACY_TX, UNPROTECTED_PENDING_TX } from '../testing/eth-records';
import { formatTransaction } from './format-transaction';

const BLOCK_FIELDS = {
  blockHash: '0x6b3c7ad5e3f9f7ac0e7a1c55d2bb1a3f8f0e2c1d4b5a69788796a5b4c3d2e1f0',
  blockNumber: '0x2a',
  blockTimestamp: '0x6553f100',
};

describe(formatTransaction.name, () => {
  it('default', () => {
    expect(formatTransaction(LEGACY_TX)).toStrictEqual({
      ...BLOCK_FIELDS,
      from: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
      hash: '0x39fd4cc1dfe9926adcd95d583dea5f951209309def2126ea7ad3ba1387733148',
      input: '0x',
      nonce: '0x7',
      to: '0xabababababababababababababababababababab',
      transactionIndex: '0x0',
      value: '0xde0b6b3a7640000',
      type: '0x0',
      chainId: '0x2328',
      v: '0x4673',
      r: '0xd6c7cfe6abcb0ad863295b0682dc594f4f984b4b49697b3a8ccda5d5973a67a0',
      // A QUANTITY: the leading zero byte of s is not served.
      s: '0x79860da08125353b37c38dcbedf7b975233762247ccb43fa062d108559e04f',
    });
  });

  it('args: an EIP-2930 transaction carries accessList, chainId and yParity', () => {
    expect(formatTransaction(ACCESS_LIST_TX)).toStrictEqual({
      ...BLOCK_FIELDS,
      from: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
      hash: '0x92cc53dee348c59c4a3795e19ed591186c4daee9938df93af138336c40a88809',
      input: '0xa9059cbb',
      nonce: '0x8',
      to: '0xabababababababababababababababababababab',
      transactionIndex: '0x1',
      value: '0xde0b6b3a7640000',
      type: '0x1',
      accessList: [
        {
          address: '0xcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd',
          storageKeys: ['0x0000000000000000000000000000000000000000000000000000000000000001'],
        },
      ],
      chainId: '0x2328',
      v: '0x1',
      r: '0x5cedf4997772ecb9a3bed9cc600e71b428e410093e64252ef2ca27d1e7881e82',
      s: '0xf8fddbe892b217b1b8e237755877b59d0fb3285c2939d56e720550cef084859',
      yParity: '0x1',
    });
  });

  it('args: an EIP-1559 contract creation carries the fee caps and to null', () => {
    expect(formatTransaction(DYNAMIC_FEE_TX)).toStrictEqual({
      ...BLOCK_FIELDS,
      from: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      gas: '0x186a0',
      gasPrice: '0x3baa0c40',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0xf4240',
      hash: '0xaac4752bc9551f7e8f35df095ba4e6e02aeff6809c9ea621a7a3d52666287239',
      input: '0x6080604052',
      nonce: '0x9',
      to: null,
      transactionIndex: '0x2',
      value: '0x0',
      type: '0x2',
      accessList: [],
      chainId: '0x2328',
      v: '0x1',
      r: '0xd07cfc2c612a29b609c5b6833bbbc162b33ce582715cc1174f95cb483a1c3ed5',
      s: '0x2fc0487ffb1519c11a503dd46bab4212e951f8d35e9f5fd96a4973f0edd2ab9a',
      yParity: '0x1',
    });
  });

  it('args: a pending, unprotected legacy transaction has null block fields and no chainId', () => {
    expect(formatTransaction(UNPROTECTED_PENDING_TX)).toStrictEqual({
      blockHash: null,
      blockNumber: null,
      blockTimestamp: null,
      from: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
      hash: '0x80277233820189cec46ca9c429c3d863d54ec4c11ab44211493e3610d27e2f7e',
      input: '0x',
      nonce: '0x7',
      to: '0xabababababababababababababababababababab',
      transactionIndex: null,
      value: '0xde0b6b3a7640000',
      type: '0x0',
      v: '0x1c',
      r: '0x2d2821a68af149cc0b2dc16325fa5feba141d5cf3b63d9c91160dc828ef8080b',
      s: '0x38733798598a8d6e4314e6ca3a43490fef30f6032abe72c7e1f8ec83ca8bbcb2',
    });
  });

  it('behavior: a typed record without accessList or yParity still serves both', () => {
    const { accessList: _accessList, yParity: _yParity, ...bare } = ACCESS_LIST_TX;
    expect(formatTransaction(bare)).toMatchObject({ accessList: [], yParity: '0x1', v: '0x1' });
  });

  it('behavior: addresses and hashes are lowercased', () => {
    const tx = formatTransaction({
      ...LEGACY_TX,
      from: '0x19E7E376E7C213B7E7E7E46CC70A5DD086DAFF2A',
      hash: '0x39FD4CC1DFE9926ADCD95D583DEA5F951209309DEF2126EA7AD3BA1387733148',
    });
    expect(tx.from).toBe('0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a');
    expect(tx.hash).toBe('0x39fd4cc1dfe9926adcd95d583dea5f951209309def2126ea7ad3ba1387733148');
  });

  it('error: a type-2 record without its fee caps or a typed one without chainId', () => {
    const { maxFeePerGas: _fee, ...noFee } = DYNAMIC_FEE_TX;
    expect(() => formatTransaction(noFee)).toThrow(
      new CodecError(`type-2 transaction ${DYNAMIC_FEE_TX.hash} has no maxFeePerGas`),
    );
    const { chainId: _chainId, ...noChain } = ACCESS_LIST_TX;
    expect(() => formatTransaction(noChain)).toThrow(
      new CodecError(`type-1 transaction ${ACCESS_LIST_TX.hash} has no chainId`),
    );
  });
});
