// percentiles must be increasing
>> {"jsonrpc":"2.0","id":1,"method":"eth_feeHistory","params":["0x2","latest",[75,25]]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 2: invalid reward percentile: #0:75.000000 >= #1:25.000000"}}
