// Passphrase guessing through the gateway, in both topologies (the backoff in memory for `photon
// start`, in Redis shared by two keystore replicas in the cluster). Each case is its own client: the
// gateway trusts the loopback proxy, so X-Forwarded-For names the client address.
import { type PhotonStack, type PhotonStackKind, rpcRaw, startPhotonStack, waitFor } from '@photon/testing';

jest.setTimeout(120_000);

const NOBODY = '0x00000000000000000000000000000000000000aa';
const NOBODY_ELSE = '0x00000000000000000000000000000000000000bb';
const WRONG = { code: -32000, message: 'could not decrypt key with given password' };
const REFUSED = {
  code: -32000,
  message: expect.stringMatching(/^too many failed passphrase attempts: retry in \d+ s$/),
};

interface Reply {
  result?: unknown;
  error?: { code: number; message: string };
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])(
  'passphrase backoff through the %s tier',
  (kind) => {
    let stack: PhotonStack;

    beforeAll(async () => {
      stack = await startPhotonStack(kind, {
        ...(kind === 'cluster' ? { keystoreReplicas: 2 } : {}),
        extraArgs: [
          '--rpc-api',
          'eth,net,web3,personal',
          '--lightkdf',
          '--trusted-proxies',
          '127.0.0.1,::1',
          '--log-level',
          'error',
        ],
        readyTimeoutMs: 60_000,
      });
    });
    afterAll(() => stack?.stop());

    /** One call as the client at `ip`. */
    async function as(ip: string, method: string, params: unknown[]): Promise<Reply> {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
      return (await rpcRaw(stack.httpUrl, body, { 'x-forwarded-for': ip })).json as Reply;
    }

    const newAccount = async (ip: string, passphrase: string) =>
      (await as(ip, 'personal_newAccount', [passphrase])).result as string;

    it('default: past 5 wrong passphrases the account is refused, the right one too, until the delay passes', async () => {
      const client = '198.51.100.1';
      const address = await newAccount(client, 'right pw');
      for (let i = 0; i < 5; i++) {
        expect((await as(client, 'personal_unlockAccount', [address, `guess ${i}`, 60])).error).toEqual(
          WRONG,
        );
      }
      expect((await as(client, 'personal_unlockAccount', [address, 'guess 5', 60])).error).toEqual(REFUSED);
      expect((await as(client, 'personal_unlockAccount', [address, 'right pw', 60])).error).toEqual(REFUSED);
      // Another client is refused too: the account backs off, not only the client.
      expect((await as('198.51.100.2', 'personal_unlockAccount', [address, 'right pw', 60])).error).toEqual(
        REFUSED,
      );
      let unlocked: Reply | undefined;
      await waitFor(
        async () => {
          unlocked = await as(client, 'personal_unlockAccount', [address, 'right pw', 60]);
          // Refused until then, and nothing else.
          if (unlocked.error !== undefined) expect(unlocked.error).toEqual(REFUSED);
          return unlocked.result === true;
        },
        { what: 'the refusal to end', timeoutMs: 10_000, intervalMs: 100 },
      );
      expect(unlocked).toMatchObject({ result: true });
    });

    it('behavior: an address with no key file answers as one with a file, attempt by attempt', async () => {
      const address = await newAccount('198.51.100.10', 'pw');
      const known: Reply[] = [];
      const unknown: Reply[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await as('198.51.100.11', 'personal_unlockAccount', [address, `guess ${i}`]));
        unknown.push(await as('198.51.100.12', 'personal_unlockAccount', [NOBODY, `guess ${i}`]));
      }
      expect(unknown).toEqual(known);
      expect(known.map((reply) => reply.error?.message.replace(/\d+ s$/, '<s> s'))).toEqual([
        ...Array.from({ length: 5 }, () => WRONG.message),
        'too many failed passphrase attempts: retry in <s> s',
        'too many failed passphrase attempts: retry in <s> s',
      ]);
    });

    it('behavior: personal_sign failures count for the client on every passphrase method', async () => {
      const client = '198.51.100.20';
      const address = await newAccount('198.51.100.21', 'pw');
      for (let i = 0; i < 5; i++) {
        expect((await as(client, 'personal_sign', ['0x01', NOBODY_ELSE, `guess ${i}`])).error).toEqual(WRONG);
      }
      const tx = {
        from: address,
        to: NOBODY,
        value: '0x0',
        gas: '0x5208',
        gasPrice: '0x3b9aca00',
        nonce: '0x0',
      };
      expect((await as(client, 'personal_signTransaction', [tx, 'pw'])).error).toEqual(REFUSED);
      expect((await as(client, 'personal_sendTransaction', [tx, 'pw'])).error).toEqual(REFUSED);
      expect((await as(client, 'personal_unlockAccount', [address, 'pw'])).error).toEqual(REFUSED);
      // The account itself is not backing off: another client signs with it.
      expect((await as('198.51.100.22', 'personal_sign', ['0x01', address, 'pw'])).result).toMatch(
        /^0x[0-9a-f]{130}$/,
      );
    });
  },
);
