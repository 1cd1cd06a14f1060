// keccak-256 of "hello"
>> {"jsonrpc":"2.0","id":1,"method":"web3_sha3","params":["0x68656c6c6f"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8"}
