// signed for chain 1
>> {"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":["0x02f86b0180843b9aca0085174876e8008252089470997970c51812dc3a010c7d01b50e0d17dc79c80180c080a0ec5524a43af0d29807e2f8c0b67a3a71b8ae07d6e4df1fcd02dc4d9429e6f4a7a015ddea798ec468dbc2bcfa022608828da645b50e892d5d462f63d7859c86446a"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"invalid chain id for signer: have 1 want 9000"}}
