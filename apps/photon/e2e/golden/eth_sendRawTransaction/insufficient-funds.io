// from an account that holds nothing
>> {"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":["0x02f87582232880843b9aca0085174876e8008252089470997970c51812dc3a010c7d01b50e0d17dc79c8880de0b6b3a764000080c080a08d82e24a9b814db8885e07ab3e863997f84a5a9e1fa8bc862ca19b0e7f784437a036e87d4d4a90ad7f73d09a6d052e6a5a06e9d3869e06bfe26638666c38da5d0a"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"insufficient funds for gas * price + value: balance 0, tx cost 1002100000000000000, overshot 1002100000000000000"}}
