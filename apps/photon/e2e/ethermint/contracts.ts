// utils.py's contract helpers (deploy_contract, create_contract_transaction, w3.eth.contract) over the
// upstream contracts as compiled by `pnpm contracts` (ETHERMINT_CONTRACTS).
import { ETHERMINT_CONTRACTS } from '@photon/testing';
import { Interface, type Result, type Wallet, getCreateAddress } from 'ethers';
import { ACCOUNTS } from './accounts';
import { type Hex, type Receipt, type TxParams, type Web3Like } from './web3-like';

export type ContractName = keyof typeof ETHERMINT_CONTRACTS;

/** A deployed contract: encodes calls, calls views (decoded), builds txs for sendTransaction. */
export class Contract {
  readonly iface: Interface;

  constructor(
    private readonly w3: Web3Like,
    readonly name: ContractName,
    readonly address: string,
  ) {
    this.iface = new Interface(ETHERMINT_CONTRACTS[name].abi);
  }

  encode(fn: string, args: readonly unknown[] = []): Hex {
    return this.iface.encodeFunctionData(fn, args) as Hex;
  }

  /** contract.caller.fn(*args) / contract.functions.fn(*args).call(). */
  async call(fn: string, args: readonly unknown[] = [], from?: string): Promise<Result> {
    const data = await this.w3.call({
      to: this.address,
      data: this.encode(fn, args),
      ...(from ? { from } : {}),
    });
    return this.iface.decodeFunctionResult(fn, data);
  }

  /** contract.functions.fn(*args).build_transaction(overrides). */
  tx(fn: string, args: readonly unknown[] = [], overrides: TxParams = {}): TxParams {
    return { to: this.address, data: this.encode(fn, args), ...overrides };
  }
}

/** create_contract_transaction: the creation tx (no `to`). */
export function createContractTransaction(name: ContractName, args: readonly unknown[] = []): TxParams {
  const artifact = ETHERMINT_CONTRACTS[name];
  const iface = new Interface(artifact.abi);
  return { data: `${artifact.bytecode}${iface.encodeDeploy(args).slice(2)}` };
}

/** deploy_contract: deploys, asserts status 1, returns the contract and the receipt. */
export async function deployContract(
  w3: Web3Like,
  name: ContractName,
  args: readonly unknown[] = [],
  key: Wallet = ACCOUNTS.validator,
): Promise<{ contract: Contract; receipt: Receipt }> {
  const receipt = await w3.sendTransaction(createContractTransaction(name, args), key);
  if (receipt.status !== 1 || receipt.contractAddress === null) {
    throw new Error(`deploying ${name} failed: ${JSON.stringify(receipt.raw)}`);
  }
  return { contract: new Contract(w3, name, receipt.contractAddress), receipt };
}

/** contract_address(addr, nonce) of utils.py. */
export function contractAddress(from: string, nonce: number): string {
  return getCreateAddress({ from, nonce });
}
