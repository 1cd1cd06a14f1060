// a value beyond the balance
>> {"jsonrpc":"2.0","id":1,"method":"eth_estimateGas","params":[{"from":"0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A","to":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","value":"0xf4240"}]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"insufficient funds for transfer"}}
