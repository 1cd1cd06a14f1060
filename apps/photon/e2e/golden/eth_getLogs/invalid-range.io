// fromBlock above toBlock
>> {"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"fromBlock":"0x5","toBlock":"0x2"}]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"invalid block range params"}}
