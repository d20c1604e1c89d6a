"builtin.module"() <{sym_name = "jit_step"}> ({
  "func.func"() <{arg_attrs = [{tf.aliasing_output = 0 : i32}, {tf.aliasing_output = 1 : i32}, {tf.aliasing_output = 2 : i32}, {tf.aliasing_output = 3 : i32}, {tf.aliasing_output = 4 : i32}, {tf.aliasing_output = 5 : i32}, {tf.aliasing_output = 6 : i32}, {tf.aliasing_output = 7 : i32}, {tf.aliasing_output = 8 : i32}, {tf.aliasing_output = 9 : i32}, {tf.aliasing_output = 10 : i32}, {tf.aliasing_output = 11 : i32}, {tf.aliasing_output = 12 : i32}, {tf.aliasing_output = 13 : i32}, {tf.aliasing_output = 14 : i32}, {tf.aliasing_output = 15 : i32}, {tf.aliasing_output = 16 : i32}, {tf.aliasing_output = 17 : i32}, {tf.aliasing_output = 18 : i32}, {tf.aliasing_output = 19 : i32}, {tf.aliasing_output = 20 : i32}, {tf.aliasing_output = 21 : i32}, {tf.aliasing_output = 22 : i32}, {tf.aliasing_output = 23 : i32}, {tf.aliasing_output = 24 : i32}, {tf.aliasing_output = 25 : i32}, {tf.aliasing_output = 26 : i32}, {tf.aliasing_output = 27 : i32}, {tf.aliasing_output = 28 : i32}, {}, {}], function_type = (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<4x16xi32>, tensor<4x16xi32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>), res_attrs = [{jax.result_info = "result[0]['Block_0']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['moe']['router']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w1']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w2']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w3']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['w1']"}, {jax.result_info = "result[0]['Block_0']['moe']['w2']"}, {jax.result_info = "result[0]['Block_0']['moe']['w3']"}, {jax.result_info = "result[0]['Block_0']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wv']['kernel']"}, {jax.result_info = "result[0]['Block_1']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['moe']['router']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w1']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w2']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w3']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['w1']"}, {jax.result_info = "result[0]['Block_1']['moe']['w2']"}, {jax.result_info = "result[0]['Block_1']['moe']['w3']"}, {jax.result_info = "result[0]['Block_1']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wv']['kernel']"}, {jax.result_info = "result[0]['norm']['scale']"}, {jax.result_info = "result[0]['output']['kernel']"}, {jax.result_info = "result[0]['tok_embeddings']['embedding']"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg53: tensor<64xf32>, %arg54: tensor<64xf32>, %arg55: tensor<64x4xf32>, %arg56: tensor<64x96xf32>, %arg57: tensor<96x64xf32>, %arg58: tensor<64x96xf32>, %arg59: tensor<4x64x96xf32>, %arg60: tensor<4x96x64xf32>, %arg61: tensor<4x64x96xf32>, %arg62: tensor<64x32xf32>, %arg63: tensor<64x64xf32>, %arg64: tensor<64x64xf32>, %arg65: tensor<64x32xf32>, %arg66: tensor<64xf32>, %arg67: tensor<64xf32>, %arg68: tensor<64x4xf32>, %arg69: tensor<64x96xf32>, %arg70: tensor<96x64xf32>, %arg71: tensor<64x96xf32>, %arg72: tensor<4x64x96xf32>, %arg73: tensor<4x96x64xf32>, %arg74: tensor<4x64x96xf32>, %arg75: tensor<64x32xf32>, %arg76: tensor<64x64xf32>, %arg77: tensor<64x64xf32>, %arg78: tensor<64x32xf32>, %arg79: tensor<64xf32>, %arg80: tensor<64x128xf32>, %arg81: tensor<128x64xf32>, %arg82: tensor<4x16xi32>, %arg83: tensor<4x16xi32>):
    %152:2 = "func.call"(%arg81, %arg82) <{callee = @_take}> : (tensor<128x64xf32>, tensor<4x16xi32>) -> (tensor<4x16x64xf32>, tensor<4x16x1xi32>)
    %153 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<8xf32>
    %154 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %155 = "stablehlo.broadcast_in_dim"(%154) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %156 = "stablehlo.multiply"(%153, %155) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %157 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %158 = "stablehlo.broadcast_in_dim"(%157) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %159 = "stablehlo.divide"(%156, %158) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %160 = "stablehlo.constant"() <{value = dense<1.000000e+04> : tensor<f32>}> : () -> tensor<f32>
    %161 = "stablehlo.broadcast_in_dim"(%160) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %162 = "stablehlo.power"(%161, %159) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %163 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %164 = "stablehlo.broadcast_in_dim"(%163) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %165 = "stablehlo.divide"(%164, %162) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %166 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xf32>
    %167 = "stablehlo.broadcast_in_dim"(%166) <{broadcast_dimensions = array<i64: 0>}> : (tensor<16xf32>) -> tensor<16x1xf32>
    %168 = "stablehlo.broadcast_in_dim"(%165) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1x8xf32>
    %169 = "stablehlo.broadcast_in_dim"(%167) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %170 = "stablehlo.broadcast_in_dim"(%168) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x8xf32>) -> tensor<16x8xf32>
    %171 = "stablehlo.multiply"(%169, %170) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %172 = "stablehlo.concatenate"(%171, %171) <{dimension = 1 : i64}> : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %173 = "stablehlo.cosine"(%172) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %174 = "stablehlo.sine"(%172) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %175 = "chlo.square"(%152#0) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %176 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %177 = "stablehlo.broadcast_in_dim"(%176) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %178 = "stablehlo.multiply"(%177, %152#0) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %179 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %180 = "stablehlo.reduce"(%175, %179) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg176: tensor<f32>, %arg177: tensor<f32>):
      %1137 = "stablehlo.add"(%arg176, %arg177) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1137) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %181 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %182 = "stablehlo.broadcast_in_dim"(%181) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %183 = "stablehlo.divide"(%180, %182) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %184 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %185 = "stablehlo.broadcast_in_dim"(%184) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %186 = "stablehlo.broadcast_in_dim"(%185) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %187 = "stablehlo.broadcast_in_dim"(%183) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %188 = "stablehlo.broadcast_in_dim"(%186) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %189 = "stablehlo.subtract"(%152#0, %188) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %190 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %191 = "stablehlo.broadcast_in_dim"(%190) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %192 = "stablehlo.add"(%187, %191) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %193 = "stablehlo.rsqrt"(%192) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %194 = "stablehlo.divide"(%193, %192) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %195 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %196 = "stablehlo.broadcast_in_dim"(%195) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %197 = "stablehlo.multiply"(%196, %194) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %198 = "stablehlo.reshape"(%arg53) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %199 = "stablehlo.broadcast_in_dim"(%193) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %200 = "stablehlo.broadcast_in_dim"(%198) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %201 = "stablehlo.multiply"(%199, %200) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %202 = "stablehlo.multiply"(%189, %201) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %203 = "stablehlo.dot_general"(%202, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %204 = "stablehlo.reshape"(%203) : (tensor<4x16x64xf32>) -> tensor<4x16x4x16xf32>
    %205 = "stablehlo.slice"(%204) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %206 = "stablehlo.slice"(%204) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %207 = "stablehlo.negate"(%206) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %208 = "stablehlo.concatenate"(%207, %205) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %209 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %210 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %211 = "stablehlo.multiply"(%204, %210) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %212 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %213 = "stablehlo.broadcast_in_dim"(%212) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %214 = "stablehlo.multiply"(%208, %213) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %215 = "stablehlo.add"(%211, %214) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %216 = "stablehlo.dot_general"(%202, %arg62) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %217 = "stablehlo.reshape"(%216) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %218 = "stablehlo.slice"(%217) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %219 = "stablehlo.slice"(%217) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %220 = "stablehlo.negate"(%219) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %221 = "stablehlo.concatenate"(%220, %218) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %222 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %223 = "stablehlo.broadcast_in_dim"(%222) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %224 = "stablehlo.multiply"(%217, %223) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %225 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %226 = "stablehlo.broadcast_in_dim"(%225) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %227 = "stablehlo.multiply"(%221, %226) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %228 = "stablehlo.add"(%224, %227) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %229 = "stablehlo.dot_general"(%202, %arg65) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %230 = "stablehlo.reshape"(%229) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %231 = "stablehlo.reshape"(%215) : (tensor<4x16x4x16xf32>) -> tensor<4x16x2x2x16xf32>
    %232 = "stablehlo.dot_general"(%228, %231) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16x2xf32>
    %233 = "stablehlo.transpose"(%232) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x16x16x2xf32>) -> tensor<4x2x2x16x16xf32>
    %234 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %235 = "stablehlo.broadcast_in_dim"(%234) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %236 = "stablehlo.divide"(%233, %235) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %237 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %238 = "stablehlo.broadcast_in_dim"(%237) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %239 = "func.call"(%238) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %240 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %241:2 = "func.call"(%239, %236, %240) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<f32>) -> (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>)
    %242 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %243 = "stablehlo.reduce"(%241#0, %242) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg174: tensor<f32>, %arg175: tensor<f32>):
      %1136 = "stablehlo.maximum"(%arg174, %arg175) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1136) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %244 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %245 = "stablehlo.broadcast_in_dim"(%244) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16xf32>
    %246 = "stablehlo.maximum"(%245, %243) : (tensor<4x2x2x16xf32>, tensor<4x2x2x16xf32>) -> tensor<4x2x2x16xf32>
    %247 = "stablehlo.broadcast_in_dim"(%246) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %248 = "stablehlo.broadcast_in_dim"(%247) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %249 = "stablehlo.subtract"(%241#0, %248) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %250 = "stablehlo.exponential"(%249) : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %251 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %252 = "stablehlo.reduce"(%250, %251) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg172: tensor<f32>, %arg173: tensor<f32>):
      %1135 = "stablehlo.add"(%arg172, %arg173) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1135) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %253 = "stablehlo.broadcast_in_dim"(%252) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %254 = "stablehlo.broadcast_in_dim"(%253) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %255 = "stablehlo.divide"(%250, %254) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %256 = "stablehlo.multiply"(%253, %253) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %257 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %258 = "stablehlo.broadcast_in_dim"(%257) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x1xf32>
    %259 = "stablehlo.divide"(%258, %256) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %260 = "stablehlo.dot_general"(%230, %255) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x2x16xf32>
    %261 = "stablehlo.transpose"(%260) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %262 = "stablehlo.reshape"(%261) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x64xf32>
    %263 = "stablehlo.dot_general"(%262, %arg63) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %264 = "stablehlo.add"(%152#0, %263) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %265 = "chlo.square"(%264) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %266 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %267 = "stablehlo.broadcast_in_dim"(%266) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %268 = "stablehlo.multiply"(%267, %264) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %269 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %270 = "stablehlo.reduce"(%265, %269) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg170: tensor<f32>, %arg171: tensor<f32>):
      %1134 = "stablehlo.add"(%arg170, %arg171) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1134) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %271 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %272 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %273 = "stablehlo.divide"(%270, %272) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %274 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %275 = "stablehlo.broadcast_in_dim"(%274) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %276 = "stablehlo.broadcast_in_dim"(%275) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %277 = "stablehlo.broadcast_in_dim"(%273) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %278 = "stablehlo.broadcast_in_dim"(%276) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %279 = "stablehlo.subtract"(%264, %278) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %280 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %281 = "stablehlo.broadcast_in_dim"(%280) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %282 = "stablehlo.add"(%277, %281) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %283 = "stablehlo.rsqrt"(%282) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %284 = "stablehlo.divide"(%283, %282) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %285 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %286 = "stablehlo.broadcast_in_dim"(%285) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %287 = "stablehlo.multiply"(%286, %284) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %288 = "stablehlo.reshape"(%arg54) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %289 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %290 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %291 = "stablehlo.multiply"(%289, %290) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %292 = "stablehlo.multiply"(%279, %291) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %293 = "stablehlo.dot_general"(%292, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x4xf32>) -> tensor<4x16x4xf32>
    %294 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %295 = "stablehlo.reduce"(%293, %294) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg168: tensor<f32>, %arg169: tensor<f32>):
      %1133 = "stablehlo.maximum"(%arg168, %arg169) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1133) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %296 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %297 = "stablehlo.broadcast_in_dim"(%296) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %298 = "stablehlo.maximum"(%297, %295) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %299 = "stablehlo.broadcast_in_dim"(%298) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %300 = "stablehlo.broadcast_in_dim"(%299) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %301 = "stablehlo.subtract"(%293, %300) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %302 = "stablehlo.exponential"(%301) : (tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %303 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %304 = "stablehlo.reduce"(%302, %303) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg166: tensor<f32>, %arg167: tensor<f32>):
      %1132 = "stablehlo.add"(%arg166, %arg167) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1132) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %305 = "stablehlo.broadcast_in_dim"(%304) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %306 = "stablehlo.broadcast_in_dim"(%305) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %307 = "stablehlo.divide"(%302, %306) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %308 = "stablehlo.multiply"(%305, %305) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %309 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %310 = "stablehlo.broadcast_in_dim"(%309) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %311 = "stablehlo.divide"(%310, %308) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %312:2 = "chlo.top_k"(%307) <{is_stable = true, k = 2 : i64}> : (tensor<4x16x4xf32>) -> (tensor<4x16x2xf32>, tensor<4x16x2xi32>)
    %313 = "stablehlo.reshape"(%312#1) : (tensor<4x16x2xi32>) -> tensor<4x16x2x1xi32>
    %314 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %315 = "stablehlo.reduce"(%312#0, %314) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg164: tensor<f32>, %arg165: tensor<f32>):
      %1131 = "stablehlo.add"(%arg164, %arg165) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1131) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %316 = "stablehlo.broadcast_in_dim"(%315) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %317 = "stablehlo.broadcast_in_dim"(%316) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %318 = "stablehlo.divide"(%312#0, %317) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %319 = "stablehlo.multiply"(%316, %316) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %320 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %321 = "stablehlo.broadcast_in_dim"(%320) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %322 = "stablehlo.divide"(%321, %319) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %323 = "func.call"(%312#1) <{callee = @_one_hot}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x4xf32>
    %324 = "stablehlo.transpose"(%323) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x16x2x4xf32>) -> tensor<4x2x16x4xf32>
    %325 = "stablehlo.reshape"(%324) : (tensor<4x2x16x4xf32>) -> tensor<4x32x4xf32>
    %326 = "func.call"(%325) <{callee = @cumsum}> : (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %327 = "stablehlo.subtract"(%326, %325) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %328 = "stablehlo.reshape"(%327) : (tensor<4x32x4xf32>) -> tensor<4x2x16x4xf32>
    %329 = "stablehlo.transpose"(%328) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x4xf32>) -> tensor<4x16x2x4xf32>
    %330 = "stablehlo.multiply"(%329, %323) : (tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %331 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %332 = "stablehlo.reduce"(%330, %331) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg162: tensor<f32>, %arg163: tensor<f32>):
      %1130 = "stablehlo.add"(%arg162, %arg163) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1130) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<f32>) -> tensor<4x16x2xf32>
    %333 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %334 = "stablehlo.broadcast_in_dim"(%333) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x2xf32>
    %335 = "stablehlo.compare"(%332, %334) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xi1>
    %336 = "stablehlo.broadcast_in_dim"(%335) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x2xi1>) -> tensor<4x16x2x1xi1>
    %337 = "stablehlo.convert"(%336) : (tensor<4x16x2x1xi1>) -> tensor<4x16x2x1xf32>
    %338 = "stablehlo.broadcast_in_dim"(%337) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x16x2x1xf32>) -> tensor<4x16x2x4xf32>
    %339 = "stablehlo.multiply"(%323, %338) : (tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %340 = "stablehlo.convert"(%332) : (tensor<4x16x2xf32>) -> tensor<4x16x2xi32>
    %341 = "func.call"(%340) <{callee = @_one_hot_2}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x8xf32>
    %342 = "stablehlo.dot_general"(%339, %341) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x4xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x4x8xf32>
    %343 = "stablehlo.dot_general"(%341, %318) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1, 2], rhs_batching_dimensions = [0, 1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x8xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2x8xf32>
    %344 = "stablehlo.dot_general"(%339, %343) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x4xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x4x8xf32>
    %345 = "stablehlo.dot_general"(%292, %342) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x4x8xf32>) -> tensor<4x64x4x8xf32>
    %346 = "stablehlo.transpose"(%345) <{permutation = array<i64: 2, 0, 3, 1>}> : (tensor<4x64x4x8xf32>) -> tensor<4x4x8x64xf32>
    %347 = "stablehlo.dot_general"(%346, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %348:3 = "func.call"(%347) <{callee = @silu}> : (tensor<4x4x8x96xf32>) -> (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>)
    %349 = "stablehlo.dot_general"(%346, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %350 = "stablehlo.multiply"(%348#0, %349) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %351 = "stablehlo.dot_general"(%350, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x64xf32>
    %352 = "stablehlo.dot_general"(%344, %351) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [3, 2], rhs_contracting_dimensions = [2, 0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4x8xf32>, tensor<4x4x8x64xf32>) -> tensor<4x16x64xf32>
    %353 = "stablehlo.dot_general"(%292, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %354:3 = "func.call"(%353) <{callee = @silu_3}> : (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>)
    %355 = "stablehlo.dot_general"(%292, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %356 = "stablehlo.multiply"(%354#0, %355) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %357 = "stablehlo.dot_general"(%356, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<96x64xf32>) -> tensor<4x16x64xf32>
    %358 = "stablehlo.add"(%352, %357) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %359 = "stablehlo.add"(%264, %358) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %360 = "chlo.square"(%359) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %361 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %362 = "stablehlo.broadcast_in_dim"(%361) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %363 = "stablehlo.multiply"(%362, %359) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %364 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %365 = "stablehlo.reduce"(%360, %364) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg160: tensor<f32>, %arg161: tensor<f32>):
      %1129 = "stablehlo.add"(%arg160, %arg161) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1129) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %366 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %367 = "stablehlo.broadcast_in_dim"(%366) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %368 = "stablehlo.divide"(%365, %367) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %369 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %370 = "stablehlo.broadcast_in_dim"(%369) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %371 = "stablehlo.broadcast_in_dim"(%370) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %372 = "stablehlo.broadcast_in_dim"(%368) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %373 = "stablehlo.broadcast_in_dim"(%371) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %374 = "stablehlo.subtract"(%359, %373) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %375 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %376 = "stablehlo.broadcast_in_dim"(%375) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %377 = "stablehlo.add"(%372, %376) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %378 = "stablehlo.rsqrt"(%377) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %379 = "stablehlo.divide"(%378, %377) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %380 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %381 = "stablehlo.broadcast_in_dim"(%380) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %382 = "stablehlo.multiply"(%381, %379) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %383 = "stablehlo.reshape"(%arg66) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %384 = "stablehlo.broadcast_in_dim"(%378) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %385 = "stablehlo.broadcast_in_dim"(%383) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %386 = "stablehlo.multiply"(%384, %385) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %387 = "stablehlo.multiply"(%374, %386) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %388 = "stablehlo.dot_general"(%387, %arg77) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %389 = "stablehlo.reshape"(%388) : (tensor<4x16x64xf32>) -> tensor<4x16x4x16xf32>
    %390 = "stablehlo.slice"(%389) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %391 = "stablehlo.slice"(%389) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %392 = "stablehlo.negate"(%391) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %393 = "stablehlo.concatenate"(%392, %390) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %394 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %395 = "stablehlo.broadcast_in_dim"(%394) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %396 = "stablehlo.multiply"(%389, %395) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %397 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %398 = "stablehlo.broadcast_in_dim"(%397) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %399 = "stablehlo.multiply"(%393, %398) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %400 = "stablehlo.add"(%396, %399) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %401 = "stablehlo.dot_general"(%387, %arg75) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %402 = "stablehlo.reshape"(%401) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %403 = "stablehlo.slice"(%402) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %404 = "stablehlo.slice"(%402) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %405 = "stablehlo.negate"(%404) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %406 = "stablehlo.concatenate"(%405, %403) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %407 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %408 = "stablehlo.broadcast_in_dim"(%407) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %409 = "stablehlo.multiply"(%402, %408) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %410 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %411 = "stablehlo.broadcast_in_dim"(%410) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %412 = "stablehlo.multiply"(%406, %411) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %413 = "stablehlo.add"(%409, %412) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %414 = "stablehlo.dot_general"(%387, %arg78) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %415 = "stablehlo.reshape"(%414) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %416 = "stablehlo.reshape"(%400) : (tensor<4x16x4x16xf32>) -> tensor<4x16x2x2x16xf32>
    %417 = "stablehlo.dot_general"(%413, %416) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16x2xf32>
    %418 = "stablehlo.transpose"(%417) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x16x16x2xf32>) -> tensor<4x2x2x16x16xf32>
    %419 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %420 = "stablehlo.broadcast_in_dim"(%419) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %421 = "stablehlo.divide"(%418, %420) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %422 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %423 = "stablehlo.broadcast_in_dim"(%422) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %424 = "func.call"(%423) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %425 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %426:2 = "func.call"(%424, %421, %425) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<f32>) -> (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>)
    %427 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %428 = "stablehlo.reduce"(%426#0, %427) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg158: tensor<f32>, %arg159: tensor<f32>):
      %1128 = "stablehlo.maximum"(%arg158, %arg159) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1128) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %429 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %430 = "stablehlo.broadcast_in_dim"(%429) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16xf32>
    %431 = "stablehlo.maximum"(%430, %428) : (tensor<4x2x2x16xf32>, tensor<4x2x2x16xf32>) -> tensor<4x2x2x16xf32>
    %432 = "stablehlo.broadcast_in_dim"(%431) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %433 = "stablehlo.broadcast_in_dim"(%432) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %434 = "stablehlo.subtract"(%426#0, %433) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %435 = "stablehlo.exponential"(%434) : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %436 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %437 = "stablehlo.reduce"(%435, %436) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg156: tensor<f32>, %arg157: tensor<f32>):
      %1127 = "stablehlo.add"(%arg156, %arg157) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1127) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %438 = "stablehlo.broadcast_in_dim"(%437) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %439 = "stablehlo.broadcast_in_dim"(%438) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %440 = "stablehlo.divide"(%435, %439) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %441 = "stablehlo.multiply"(%438, %438) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %442 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %443 = "stablehlo.broadcast_in_dim"(%442) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x1xf32>
    %444 = "stablehlo.divide"(%443, %441) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %445 = "stablehlo.dot_general"(%415, %440) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x2x16xf32>
    %446 = "stablehlo.transpose"(%445) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %447 = "stablehlo.reshape"(%446) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x64xf32>
    %448 = "stablehlo.dot_general"(%447, %arg76) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %449 = "stablehlo.add"(%359, %448) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %450 = "chlo.square"(%449) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %451 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %452 = "stablehlo.broadcast_in_dim"(%451) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %453 = "stablehlo.multiply"(%452, %449) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %454 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %455 = "stablehlo.reduce"(%450, %454) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg154: tensor<f32>, %arg155: tensor<f32>):
      %1126 = "stablehlo.add"(%arg154, %arg155) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1126) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %456 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %457 = "stablehlo.broadcast_in_dim"(%456) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %458 = "stablehlo.divide"(%455, %457) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %459 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %460 = "stablehlo.broadcast_in_dim"(%459) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %461 = "stablehlo.broadcast_in_dim"(%460) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %462 = "stablehlo.broadcast_in_dim"(%458) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %463 = "stablehlo.broadcast_in_dim"(%461) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %464 = "stablehlo.subtract"(%449, %463) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %465 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %466 = "stablehlo.broadcast_in_dim"(%465) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %467 = "stablehlo.add"(%462, %466) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %468 = "stablehlo.rsqrt"(%467) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %469 = "stablehlo.divide"(%468, %467) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %470 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %471 = "stablehlo.broadcast_in_dim"(%470) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %472 = "stablehlo.multiply"(%471, %469) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %473 = "stablehlo.reshape"(%arg67) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %474 = "stablehlo.broadcast_in_dim"(%468) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %475 = "stablehlo.broadcast_in_dim"(%473) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %476 = "stablehlo.multiply"(%474, %475) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %477 = "stablehlo.multiply"(%464, %476) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %478 = "stablehlo.dot_general"(%477, %arg68) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x4xf32>) -> tensor<4x16x4xf32>
    %479 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %480 = "stablehlo.reduce"(%478, %479) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg152: tensor<f32>, %arg153: tensor<f32>):
      %1125 = "stablehlo.maximum"(%arg152, %arg153) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1125) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %481 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %482 = "stablehlo.broadcast_in_dim"(%481) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %483 = "stablehlo.maximum"(%482, %480) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %484 = "stablehlo.broadcast_in_dim"(%483) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %485 = "stablehlo.broadcast_in_dim"(%484) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %486 = "stablehlo.subtract"(%478, %485) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %487 = "stablehlo.exponential"(%486) : (tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %488 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %489 = "stablehlo.reduce"(%487, %488) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg150: tensor<f32>, %arg151: tensor<f32>):
      %1124 = "stablehlo.add"(%arg150, %arg151) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1124) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %490 = "stablehlo.broadcast_in_dim"(%489) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %491 = "stablehlo.broadcast_in_dim"(%490) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %492 = "stablehlo.divide"(%487, %491) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %493 = "stablehlo.multiply"(%490, %490) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %494 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %495 = "stablehlo.broadcast_in_dim"(%494) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %496 = "stablehlo.divide"(%495, %493) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %497:2 = "chlo.top_k"(%492) <{is_stable = true, k = 2 : i64}> : (tensor<4x16x4xf32>) -> (tensor<4x16x2xf32>, tensor<4x16x2xi32>)
    %498 = "stablehlo.reshape"(%497#1) : (tensor<4x16x2xi32>) -> tensor<4x16x2x1xi32>
    %499 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %500 = "stablehlo.reduce"(%497#0, %499) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg148: tensor<f32>, %arg149: tensor<f32>):
      %1123 = "stablehlo.add"(%arg148, %arg149) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1123) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %501 = "stablehlo.broadcast_in_dim"(%500) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %502 = "stablehlo.broadcast_in_dim"(%501) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %503 = "stablehlo.divide"(%497#0, %502) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %504 = "stablehlo.multiply"(%501, %501) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %505 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %506 = "stablehlo.broadcast_in_dim"(%505) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %507 = "stablehlo.divide"(%506, %504) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %508 = "func.call"(%497#1) <{callee = @_one_hot}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x4xf32>
    %509 = "stablehlo.transpose"(%508) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x16x2x4xf32>) -> tensor<4x2x16x4xf32>
    %510 = "stablehlo.reshape"(%509) : (tensor<4x2x16x4xf32>) -> tensor<4x32x4xf32>
    %511 = "func.call"(%510) <{callee = @cumsum}> : (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %512 = "stablehlo.subtract"(%511, %510) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %513 = "stablehlo.reshape"(%512) : (tensor<4x32x4xf32>) -> tensor<4x2x16x4xf32>
    %514 = "stablehlo.transpose"(%513) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x4xf32>) -> tensor<4x16x2x4xf32>
    %515 = "stablehlo.multiply"(%514, %508) : (tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %516 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %517 = "stablehlo.reduce"(%515, %516) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg146: tensor<f32>, %arg147: tensor<f32>):
      %1122 = "stablehlo.add"(%arg146, %arg147) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1122) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<f32>) -> tensor<4x16x2xf32>
    %518 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %519 = "stablehlo.broadcast_in_dim"(%518) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x2xf32>
    %520 = "stablehlo.compare"(%517, %519) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xi1>
    %521 = "stablehlo.broadcast_in_dim"(%520) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x2xi1>) -> tensor<4x16x2x1xi1>
    %522 = "stablehlo.convert"(%521) : (tensor<4x16x2x1xi1>) -> tensor<4x16x2x1xf32>
    %523 = "stablehlo.broadcast_in_dim"(%522) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x16x2x1xf32>) -> tensor<4x16x2x4xf32>
    %524 = "stablehlo.multiply"(%508, %523) : (tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %525 = "stablehlo.convert"(%517) : (tensor<4x16x2xf32>) -> tensor<4x16x2xi32>
    %526 = "func.call"(%525) <{callee = @_one_hot_2}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x8xf32>
    %527 = "stablehlo.dot_general"(%524, %526) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x4xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x4x8xf32>
    %528 = "stablehlo.dot_general"(%526, %503) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1, 2], rhs_batching_dimensions = [0, 1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x8xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2x8xf32>
    %529 = "stablehlo.dot_general"(%524, %528) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x4xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x4x8xf32>
    %530 = "stablehlo.dot_general"(%477, %527) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x4x8xf32>) -> tensor<4x64x4x8xf32>
    %531 = "stablehlo.transpose"(%530) <{permutation = array<i64: 2, 0, 3, 1>}> : (tensor<4x64x4x8xf32>) -> tensor<4x4x8x64xf32>
    %532 = "stablehlo.dot_general"(%531, %arg72) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %533:3 = "func.call"(%532) <{callee = @silu}> : (tensor<4x4x8x96xf32>) -> (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>)
    %534 = "stablehlo.dot_general"(%531, %arg74) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %535 = "stablehlo.multiply"(%533#0, %534) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %536 = "stablehlo.dot_general"(%535, %arg73) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x64xf32>
    %537 = "stablehlo.dot_general"(%529, %536) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [3, 2], rhs_contracting_dimensions = [2, 0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4x8xf32>, tensor<4x4x8x64xf32>) -> tensor<4x16x64xf32>
    %538 = "stablehlo.dot_general"(%477, %arg69) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %539:3 = "func.call"(%538) <{callee = @silu_3}> : (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>)
    %540 = "stablehlo.dot_general"(%477, %arg71) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %541 = "stablehlo.multiply"(%539#0, %540) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %542 = "stablehlo.dot_general"(%541, %arg70) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<96x64xf32>) -> tensor<4x16x64xf32>
    %543 = "stablehlo.add"(%537, %542) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %544 = "stablehlo.add"(%449, %543) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %545 = "chlo.square"(%544) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %546 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %547 = "stablehlo.broadcast_in_dim"(%546) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %548 = "stablehlo.multiply"(%547, %544) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %549 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %550 = "stablehlo.reduce"(%545, %549) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg144: tensor<f32>, %arg145: tensor<f32>):
      %1121 = "stablehlo.add"(%arg144, %arg145) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1121) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %551 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %552 = "stablehlo.broadcast_in_dim"(%551) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %553 = "stablehlo.divide"(%550, %552) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %554 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %555 = "stablehlo.broadcast_in_dim"(%554) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %556 = "stablehlo.broadcast_in_dim"(%555) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %557 = "stablehlo.broadcast_in_dim"(%553) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %558 = "stablehlo.broadcast_in_dim"(%556) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %559 = "stablehlo.subtract"(%544, %558) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %560 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %561 = "stablehlo.broadcast_in_dim"(%560) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %562 = "stablehlo.add"(%557, %561) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %563 = "stablehlo.rsqrt"(%562) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %564 = "stablehlo.divide"(%563, %562) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %565 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %566 = "stablehlo.broadcast_in_dim"(%565) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %567 = "stablehlo.multiply"(%566, %564) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %568 = "stablehlo.reshape"(%arg79) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %569 = "stablehlo.broadcast_in_dim"(%563) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %570 = "stablehlo.broadcast_in_dim"(%568) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %571 = "stablehlo.multiply"(%569, %570) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %572 = "stablehlo.multiply"(%559, %571) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %573 = "stablehlo.dot_general"(%572, %arg80) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x128xf32>) -> tensor<4x16x128xf32>
    %574:3 = "func.call"(%573) <{callee = @log_softmax}> : (tensor<4x16x128xf32>) -> (tensor<4x16x128xf32>, tensor<4x16x128xf32>, tensor<4x16x1xf32>)
    %575 = "stablehlo.broadcast_in_dim"(%arg83) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xi32>) -> tensor<4x16x1xi32>
    %576:2 = "func.call"(%574#0, %575) <{callee = @take_along_axis}> : (tensor<4x16x128xf32>, tensor<4x16x1xi32>) -> (tensor<4x16x1xf32>, tensor<4x16x1x1xi32>)
    %577 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %578 = "stablehlo.reduce"(%576#0, %577) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg142: tensor<f32>, %arg143: tensor<f32>):
      %1120 = "stablehlo.add"(%arg142, %arg143) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1120) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<f32>
    %579 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %580 = "stablehlo.divide"(%578, %579) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %581 = "stablehlo.negate"(%580) : (tensor<f32>) -> tensor<f32>
    %582 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %583 = "stablehlo.negate"(%582) : (tensor<f32>) -> tensor<f32>
    %584 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %585 = "stablehlo.divide"(%583, %584) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %586 = "stablehlo.broadcast_in_dim"(%585) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %587 = "func.call"(%576#1, %586) <{callee = @take_along_axis_4}> : (tensor<4x16x1x1xi32>, tensor<4x16x1xf32>) -> tensor<4x16x128xf32>
    %588 = "func.call"(%574#1, %574#2, %587) <{callee = @log_softmax_5}> : (tensor<4x16x128xf32>, tensor<4x16x1xf32>, tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    %589 = "stablehlo.dot_general"(%588, %572) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x128xf32>, tensor<4x16x64xf32>) -> tensor<128x64xf32>
    %590 = "stablehlo.transpose"(%589) <{permutation = array<i64: 1, 0>}> : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %591 = "stablehlo.dot_general"(%588, %arg80) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x128xf32>, tensor<64x128xf32>) -> tensor<4x16x64xf32>
    %592 = "stablehlo.multiply"(%559, %591) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %593 = "stablehlo.multiply"(%591, %571) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %594 = "stablehlo.broadcast_in_dim"(%563) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %595 = "stablehlo.multiply"(%594, %592) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %596 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %597 = "stablehlo.reduce"(%595, %596) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg140: tensor<f32>, %arg141: tensor<f32>):
      %1119 = "stablehlo.add"(%arg140, %arg141) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1119) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %598 = "stablehlo.reshape"(%597) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %599 = "stablehlo.broadcast_in_dim"(%568) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %600 = "stablehlo.multiply"(%592, %599) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %601 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %602 = "stablehlo.reduce"(%600, %601) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg138: tensor<f32>, %arg139: tensor<f32>):
      %1118 = "stablehlo.add"(%arg138, %arg139) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1118) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %603 = "stablehlo.reshape"(%602) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %604 = "stablehlo.reshape"(%598) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %605 = "stablehlo.multiply"(%603, %567) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %606 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %607 = "stablehlo.reduce"(%605, %606) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg136: tensor<f32>, %arg137: tensor<f32>):
      %1117 = "stablehlo.add"(%arg136, %arg137) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1117) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %608 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %609 = "stablehlo.broadcast_in_dim"(%608) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %610 = "stablehlo.divide"(%607, %609) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %611 = "stablehlo.broadcast_in_dim"(%610) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %612 = "stablehlo.multiply"(%611, %548) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %613 = "stablehlo.add"(%593, %612) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %614 = "stablehlo.dot_general"(%613, %541) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x96xf32>) -> tensor<64x96xf32>
    %615 = "stablehlo.transpose"(%614) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xf32>) -> tensor<96x64xf32>
    %616 = "stablehlo.dot_general"(%613, %arg70) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<96x64xf32>) -> tensor<4x16x96xf32>
    %617 = "stablehlo.multiply"(%539#0, %616) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %618 = "stablehlo.multiply"(%616, %540) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %619 = "stablehlo.dot_general"(%617, %477) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %620 = "stablehlo.transpose"(%619) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %621 = "stablehlo.dot_general"(%617, %arg71) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %622 = "func.call"(%539#1, %539#2, %538, %618) <{callee = @silu_6}> : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %623 = "stablehlo.dot_general"(%622, %477) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %624 = "stablehlo.transpose"(%623) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %625 = "stablehlo.dot_general"(%622, %arg69) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %626 = "stablehlo.add"(%621, %625) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %627 = "stablehlo.dot_general"(%613, %529) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x4x8xf32>) -> tensor<4x64x4x8xf32>
    %628 = "stablehlo.transpose"(%627) <{permutation = array<i64: 2, 0, 3, 1>}> : (tensor<4x64x4x8xf32>) -> tensor<4x4x8x64xf32>
    %629 = "stablehlo.dot_general"(%613, %536) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x4x8x64xf32>) -> tensor<4x16x4x8xf32>
    %630 = "stablehlo.dot_general"(%628, %535) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x4x8x96xf32>) -> tensor<4x64x96xf32>
    %631 = "stablehlo.transpose"(%630) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x96xf32>) -> tensor<4x96x64xf32>
    %632 = "stablehlo.dot_general"(%628, %arg73) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x96xf32>
    %633 = "stablehlo.multiply"(%533#0, %632) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %634 = "stablehlo.multiply"(%632, %534) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %635 = "stablehlo.dot_general"(%633, %531) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %636 = "stablehlo.transpose"(%635) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %637 = "stablehlo.dot_general"(%633, %arg74) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %638 = "func.call"(%533#1, %533#2, %532, %634) <{callee = @silu_7}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %639 = "stablehlo.dot_general"(%638, %531) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %640 = "stablehlo.transpose"(%639) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %641 = "stablehlo.dot_general"(%638, %arg72) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %642 = "stablehlo.add"(%637, %641) : (tensor<4x4x8x64xf32>, tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %643 = "stablehlo.transpose"(%642) <{permutation = array<i64: 1, 3, 0, 2>}> : (tensor<4x4x8x64xf32>) -> tensor<4x64x4x8xf32>
    %644 = "stablehlo.dot_general"(%643, %527) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2, 3], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x64x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x64x16xf32>
    %645 = "stablehlo.transpose"(%644) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x16xf32>) -> tensor<4x16x64xf32>
    %646 = "stablehlo.add"(%626, %645) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %647 = "stablehlo.dot_general"(%629, %524) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4x8xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x8x2xf32>
    %648 = "stablehlo.transpose"(%647) <{permutation = array<i64: 0, 1, 3, 2>}> : (tensor<4x16x8x2xf32>) -> tensor<4x16x2x8xf32>
    %649 = "stablehlo.dot_general"(%648, %526) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1, 2], rhs_batching_dimensions = [0, 1, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2xf32>
    %650 = "stablehlo.broadcast_in_dim"(%507) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %651 = "stablehlo.multiply"(%649, %650) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %652 = "stablehlo.multiply"(%651, %497#0) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %653 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %654 = "stablehlo.reduce"(%652, %653) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg134: tensor<f32>, %arg135: tensor<f32>):
      %1116 = "stablehlo.add"(%arg134, %arg135) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1116) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %655 = "stablehlo.reshape"(%654) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %656 = "stablehlo.negate"(%655) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %657 = "stablehlo.broadcast_in_dim"(%501) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %658 = "stablehlo.divide"(%649, %657) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %659 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %660 = "stablehlo.reduce"(%656, %659) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg132: tensor<f32>, %arg133: tensor<f32>):
      %1115 = "stablehlo.add"(%arg132, %arg133) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1115) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %661 = "stablehlo.broadcast_in_dim"(%660) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x2xf32>
    %662 = "stablehlo.add"(%658, %661) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %663 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %664 = "stablehlo.broadcast_in_dim"(%663) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x4xf32>
    %665 = "stablehlo.scatter"(%664, %498, %662) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg130: tensor<f32>, %arg131: tensor<f32>):
      %1114 = "stablehlo.add"(%arg130, %arg131) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1114) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x2x1xi32>, tensor<4x16x2xf32>) -> tensor<4x16x4xf32>
    %666 = "stablehlo.broadcast_in_dim"(%496) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %667 = "stablehlo.multiply"(%665, %666) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %668 = "stablehlo.multiply"(%667, %487) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %669 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %670 = "stablehlo.reduce"(%668, %669) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg128: tensor<f32>, %arg129: tensor<f32>):
      %1113 = "stablehlo.add"(%arg128, %arg129) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1113) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %671 = "stablehlo.reshape"(%670) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %672 = "stablehlo.negate"(%671) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %673 = "stablehlo.broadcast_in_dim"(%490) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %674 = "stablehlo.divide"(%665, %673) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %675 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %676 = "stablehlo.reduce"(%672, %675) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg126: tensor<f32>, %arg127: tensor<f32>):
      %1112 = "stablehlo.add"(%arg126, %arg127) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1112) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %677 = "stablehlo.broadcast_in_dim"(%676) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x4xf32>
    %678 = "stablehlo.add"(%674, %677) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %679 = "stablehlo.multiply"(%678, %487) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %680 = "stablehlo.dot_general"(%679, %477) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<4x16x64xf32>) -> tensor<4x64xf32>
    %681 = "stablehlo.transpose"(%680) <{permutation = array<i64: 1, 0>}> : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %682 = "stablehlo.dot_general"(%679, %arg68) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<64x4xf32>) -> tensor<4x16x64xf32>
    %683 = "stablehlo.add"(%646, %682) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %684 = "stablehlo.multiply"(%464, %683) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %685 = "stablehlo.multiply"(%683, %476) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %686 = "stablehlo.broadcast_in_dim"(%468) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %687 = "stablehlo.multiply"(%686, %684) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %688 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %689 = "stablehlo.reduce"(%687, %688) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg124: tensor<f32>, %arg125: tensor<f32>):
      %1111 = "stablehlo.add"(%arg124, %arg125) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1111) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %690 = "stablehlo.reshape"(%689) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %691 = "stablehlo.broadcast_in_dim"(%473) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %692 = "stablehlo.multiply"(%684, %691) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %693 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %694 = "stablehlo.reduce"(%692, %693) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg122: tensor<f32>, %arg123: tensor<f32>):
      %1110 = "stablehlo.add"(%arg122, %arg123) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1110) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %695 = "stablehlo.reshape"(%694) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %696 = "stablehlo.reshape"(%690) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %697 = "stablehlo.multiply"(%695, %472) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %698 = "stablehlo.add"(%613, %685) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %699 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %700 = "stablehlo.reduce"(%697, %699) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg120: tensor<f32>, %arg121: tensor<f32>):
      %1109 = "stablehlo.add"(%arg120, %arg121) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1109) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %701 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %702 = "stablehlo.broadcast_in_dim"(%701) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %703 = "stablehlo.divide"(%700, %702) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %704 = "stablehlo.broadcast_in_dim"(%703) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %705 = "stablehlo.multiply"(%704, %453) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %706 = "stablehlo.add"(%698, %705) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %707 = "stablehlo.dot_general"(%706, %447) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %708 = "stablehlo.transpose"(%707) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %709 = "stablehlo.dot_general"(%706, %arg76) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %710 = "stablehlo.reshape"(%709) : (tensor<4x16x64xf32>) -> tensor<4x16x2x2x16xf32>
    %711 = "stablehlo.transpose"(%710) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %712 = "stablehlo.dot_general"(%711, %415) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %713 = "stablehlo.dot_general"(%711, %440) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16xf32>
    %714 = "stablehlo.transpose"(%713) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %715 = "stablehlo.broadcast_in_dim"(%444) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %716 = "stablehlo.multiply"(%712, %715) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %717 = "stablehlo.multiply"(%716, %435) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %718 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %719 = "stablehlo.reduce"(%717, %718) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg118: tensor<f32>, %arg119: tensor<f32>):
      %1108 = "stablehlo.add"(%arg118, %arg119) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1108) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %720 = "stablehlo.reshape"(%719) : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %721 = "stablehlo.negate"(%720) : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %722 = "stablehlo.broadcast_in_dim"(%438) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %723 = "stablehlo.divide"(%712, %722) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %724 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %725 = "stablehlo.reduce"(%721, %724) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg116: tensor<f32>, %arg117: tensor<f32>):
      %1107 = "stablehlo.add"(%arg116, %arg117) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1107) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x1xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %726 = "stablehlo.broadcast_in_dim"(%725) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %727 = "stablehlo.add"(%723, %726) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %728 = "stablehlo.multiply"(%727, %435) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %729 = "func.call"(%426#1, %728) <{callee = @_where_8}> : (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %730 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %731 = "stablehlo.broadcast_in_dim"(%730) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %732 = "stablehlo.divide"(%729, %731) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %733 = "stablehlo.transpose"(%732) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16x2xf32>
    %734 = "stablehlo.dot_general"(%733, %413) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %735 = "stablehlo.transpose"(%734) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %736 = "stablehlo.dot_general"(%733, %416) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16xf32>
    %737 = "stablehlo.transpose"(%736) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %738 = "stablehlo.reshape"(%735) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x4x16xf32>
    %739 = "stablehlo.reshape"(%714) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %740 = "stablehlo.dot_general"(%739, %387) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %741 = "stablehlo.transpose"(%740) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %742 = "stablehlo.dot_general"(%739, %arg78) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %743 = "stablehlo.broadcast_in_dim"(%410) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %744 = "stablehlo.multiply"(%737, %743) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %745 = "stablehlo.broadcast_in_dim"(%407) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %746 = "stablehlo.multiply"(%737, %745) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %747 = "stablehlo.slice"(%744) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %748 = "stablehlo.slice"(%744) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %749 = "stablehlo.negate"(%747) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %750 = "stablehlo.concatenate"(%748, %749) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %751 = "stablehlo.add"(%746, %750) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %752 = "stablehlo.reshape"(%751) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %753 = "stablehlo.dot_general"(%752, %387) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %754 = "stablehlo.transpose"(%753) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %755 = "stablehlo.dot_general"(%752, %arg75) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %756 = "stablehlo.add"(%742, %755) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %757 = "stablehlo.broadcast_in_dim"(%397) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %758 = "stablehlo.multiply"(%738, %757) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %759 = "stablehlo.broadcast_in_dim"(%394) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %760 = "stablehlo.multiply"(%738, %759) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %761 = "stablehlo.slice"(%758) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %762 = "stablehlo.slice"(%758) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %763 = "stablehlo.negate"(%761) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %764 = "stablehlo.concatenate"(%762, %763) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %765 = "stablehlo.add"(%760, %764) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %766 = "stablehlo.reshape"(%765) : (tensor<4x16x4x16xf32>) -> tensor<4x16x64xf32>
    %767 = "stablehlo.dot_general"(%766, %387) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %768 = "stablehlo.transpose"(%767) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %769 = "stablehlo.dot_general"(%766, %arg77) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %770 = "stablehlo.add"(%756, %769) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %771 = "stablehlo.multiply"(%374, %770) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %772 = "stablehlo.multiply"(%770, %386) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %773 = "stablehlo.broadcast_in_dim"(%378) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %774 = "stablehlo.multiply"(%773, %771) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %775 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %776 = "stablehlo.reduce"(%774, %775) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg114: tensor<f32>, %arg115: tensor<f32>):
      %1106 = "stablehlo.add"(%arg114, %arg115) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1106) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %777 = "stablehlo.reshape"(%776) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %778 = "stablehlo.broadcast_in_dim"(%383) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %779 = "stablehlo.multiply"(%771, %778) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %780 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %781 = "stablehlo.reduce"(%779, %780) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg112: tensor<f32>, %arg113: tensor<f32>):
      %1105 = "stablehlo.add"(%arg112, %arg113) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1105) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %782 = "stablehlo.reshape"(%781) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %783 = "stablehlo.reshape"(%777) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %784 = "stablehlo.multiply"(%782, %382) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %785 = "stablehlo.add"(%706, %772) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %786 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %787 = "stablehlo.reduce"(%784, %786) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg110: tensor<f32>, %arg111: tensor<f32>):
      %1104 = "stablehlo.add"(%arg110, %arg111) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1104) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %788 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %789 = "stablehlo.broadcast_in_dim"(%788) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %790 = "stablehlo.divide"(%787, %789) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %791 = "stablehlo.broadcast_in_dim"(%790) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %792 = "stablehlo.multiply"(%791, %363) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %793 = "stablehlo.add"(%785, %792) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %794 = "stablehlo.dot_general"(%793, %356) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x96xf32>) -> tensor<64x96xf32>
    %795 = "stablehlo.transpose"(%794) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xf32>) -> tensor<96x64xf32>
    %796 = "stablehlo.dot_general"(%793, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<96x64xf32>) -> tensor<4x16x96xf32>
    %797 = "stablehlo.multiply"(%354#0, %796) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %798 = "stablehlo.multiply"(%796, %355) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %799 = "stablehlo.dot_general"(%797, %292) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %800 = "stablehlo.transpose"(%799) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %801 = "stablehlo.dot_general"(%797, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %802 = "func.call"(%354#1, %354#2, %353, %798) <{callee = @silu_6}> : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %803 = "stablehlo.dot_general"(%802, %292) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %804 = "stablehlo.transpose"(%803) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %805 = "stablehlo.dot_general"(%802, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %806 = "stablehlo.add"(%801, %805) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %807 = "stablehlo.dot_general"(%793, %344) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x4x8xf32>) -> tensor<4x64x4x8xf32>
    %808 = "stablehlo.transpose"(%807) <{permutation = array<i64: 2, 0, 3, 1>}> : (tensor<4x64x4x8xf32>) -> tensor<4x4x8x64xf32>
    %809 = "stablehlo.dot_general"(%793, %351) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x4x8x64xf32>) -> tensor<4x16x4x8xf32>
    %810 = "stablehlo.dot_general"(%808, %350) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x4x8x96xf32>) -> tensor<4x64x96xf32>
    %811 = "stablehlo.transpose"(%810) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x96xf32>) -> tensor<4x96x64xf32>
    %812 = "stablehlo.dot_general"(%808, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x96xf32>
    %813 = "stablehlo.multiply"(%348#0, %812) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %814 = "stablehlo.multiply"(%812, %349) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %815 = "stablehlo.dot_general"(%813, %346) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %816 = "stablehlo.transpose"(%815) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %817 = "stablehlo.dot_general"(%813, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %818 = "func.call"(%348#1, %348#2, %347, %814) <{callee = @silu_7}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %819 = "stablehlo.dot_general"(%818, %346) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %820 = "stablehlo.transpose"(%819) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %821 = "stablehlo.dot_general"(%818, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %822 = "stablehlo.add"(%817, %821) : (tensor<4x4x8x64xf32>, tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %823 = "stablehlo.transpose"(%822) <{permutation = array<i64: 1, 3, 0, 2>}> : (tensor<4x4x8x64xf32>) -> tensor<4x64x4x8xf32>
    %824 = "stablehlo.dot_general"(%823, %342) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2, 3], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x64x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x64x16xf32>
    %825 = "stablehlo.transpose"(%824) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x16xf32>) -> tensor<4x16x64xf32>
    %826 = "stablehlo.add"(%806, %825) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %827 = "stablehlo.dot_general"(%809, %339) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4x8xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x8x2xf32>
    %828 = "stablehlo.transpose"(%827) <{permutation = array<i64: 0, 1, 3, 2>}> : (tensor<4x16x8x2xf32>) -> tensor<4x16x2x8xf32>
    %829 = "stablehlo.dot_general"(%828, %341) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1, 2], rhs_batching_dimensions = [0, 1, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2xf32>
    %830 = "stablehlo.broadcast_in_dim"(%322) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %831 = "stablehlo.multiply"(%829, %830) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %832 = "stablehlo.multiply"(%831, %312#0) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %833 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %834 = "stablehlo.reduce"(%832, %833) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg108: tensor<f32>, %arg109: tensor<f32>):
      %1103 = "stablehlo.add"(%arg108, %arg109) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1103) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %835 = "stablehlo.reshape"(%834) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %836 = "stablehlo.negate"(%835) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %837 = "stablehlo.broadcast_in_dim"(%316) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %838 = "stablehlo.divide"(%829, %837) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %839 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %840 = "stablehlo.reduce"(%836, %839) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg106: tensor<f32>, %arg107: tensor<f32>):
      %1102 = "stablehlo.add"(%arg106, %arg107) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1102) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %841 = "stablehlo.broadcast_in_dim"(%840) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x2xf32>
    %842 = "stablehlo.add"(%838, %841) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %843 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %844 = "stablehlo.broadcast_in_dim"(%843) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x4xf32>
    %845 = "stablehlo.scatter"(%844, %313, %842) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg104: tensor<f32>, %arg105: tensor<f32>):
      %1101 = "stablehlo.add"(%arg104, %arg105) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1101) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x2x1xi32>, tensor<4x16x2xf32>) -> tensor<4x16x4xf32>
    %846 = "stablehlo.broadcast_in_dim"(%311) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %847 = "stablehlo.multiply"(%845, %846) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %848 = "stablehlo.multiply"(%847, %302) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %849 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %850 = "stablehlo.reduce"(%848, %849) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg102: tensor<f32>, %arg103: tensor<f32>):
      %1100 = "stablehlo.add"(%arg102, %arg103) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1100) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %851 = "stablehlo.reshape"(%850) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %852 = "stablehlo.negate"(%851) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %853 = "stablehlo.broadcast_in_dim"(%305) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %854 = "stablehlo.divide"(%845, %853) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %855 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %856 = "stablehlo.reduce"(%852, %855) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg100: tensor<f32>, %arg101: tensor<f32>):
      %1099 = "stablehlo.add"(%arg100, %arg101) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1099) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %857 = "stablehlo.broadcast_in_dim"(%856) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x4xf32>
    %858 = "stablehlo.add"(%854, %857) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %859 = "stablehlo.multiply"(%858, %302) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %860 = "stablehlo.dot_general"(%859, %292) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<4x16x64xf32>) -> tensor<4x64xf32>
    %861 = "stablehlo.transpose"(%860) <{permutation = array<i64: 1, 0>}> : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %862 = "stablehlo.dot_general"(%859, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<64x4xf32>) -> tensor<4x16x64xf32>
    %863 = "stablehlo.add"(%826, %862) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %864 = "stablehlo.multiply"(%279, %863) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %865 = "stablehlo.multiply"(%863, %291) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %866 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %867 = "stablehlo.multiply"(%866, %864) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %868 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %869 = "stablehlo.reduce"(%867, %868) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg98: tensor<f32>, %arg99: tensor<f32>):
      %1098 = "stablehlo.add"(%arg98, %arg99) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1098) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %870 = "stablehlo.reshape"(%869) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %871 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %872 = "stablehlo.multiply"(%864, %871) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %873 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %874 = "stablehlo.reduce"(%872, %873) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg96: tensor<f32>, %arg97: tensor<f32>):
      %1097 = "stablehlo.add"(%arg96, %arg97) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1097) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %875 = "stablehlo.reshape"(%874) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %876 = "stablehlo.reshape"(%870) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %877 = "stablehlo.multiply"(%875, %287) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %878 = "stablehlo.add"(%793, %865) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %879 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %880 = "stablehlo.reduce"(%877, %879) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg94: tensor<f32>, %arg95: tensor<f32>):
      %1096 = "stablehlo.add"(%arg94, %arg95) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1096) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %881 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %882 = "stablehlo.broadcast_in_dim"(%881) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %883 = "stablehlo.divide"(%880, %882) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %884 = "stablehlo.broadcast_in_dim"(%883) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %885 = "stablehlo.multiply"(%884, %268) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %886 = "stablehlo.add"(%878, %885) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %887 = "stablehlo.dot_general"(%886, %262) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %888 = "stablehlo.transpose"(%887) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %889 = "stablehlo.dot_general"(%886, %arg63) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %890 = "stablehlo.reshape"(%889) : (tensor<4x16x64xf32>) -> tensor<4x16x2x2x16xf32>
    %891 = "stablehlo.transpose"(%890) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %892 = "stablehlo.dot_general"(%891, %230) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %893 = "stablehlo.dot_general"(%891, %255) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16xf32>
    %894 = "stablehlo.transpose"(%893) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %895 = "stablehlo.broadcast_in_dim"(%259) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %896 = "stablehlo.multiply"(%892, %895) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %897 = "stablehlo.multiply"(%896, %250) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %898 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %899 = "stablehlo.reduce"(%897, %898) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg92: tensor<f32>, %arg93: tensor<f32>):
      %1095 = "stablehlo.add"(%arg92, %arg93) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1095) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %900 = "stablehlo.reshape"(%899) : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %901 = "stablehlo.negate"(%900) : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %902 = "stablehlo.broadcast_in_dim"(%253) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %903 = "stablehlo.divide"(%892, %902) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %904 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %905 = "stablehlo.reduce"(%901, %904) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg90: tensor<f32>, %arg91: tensor<f32>):
      %1094 = "stablehlo.add"(%arg90, %arg91) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1094) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x1xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %906 = "stablehlo.broadcast_in_dim"(%905) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %907 = "stablehlo.add"(%903, %906) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %908 = "stablehlo.multiply"(%907, %250) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %909 = "func.call"(%241#1, %908) <{callee = @_where_8}> : (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %910 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %911 = "stablehlo.broadcast_in_dim"(%910) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %912 = "stablehlo.divide"(%909, %911) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %913 = "stablehlo.transpose"(%912) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16x2xf32>
    %914 = "stablehlo.dot_general"(%913, %228) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %915 = "stablehlo.transpose"(%914) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %916 = "stablehlo.dot_general"(%913, %231) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16xf32>
    %917 = "stablehlo.transpose"(%916) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %918 = "stablehlo.reshape"(%915) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x4x16xf32>
    %919 = "stablehlo.reshape"(%894) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %920 = "stablehlo.dot_general"(%919, %202) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %921 = "stablehlo.transpose"(%920) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %922 = "stablehlo.dot_general"(%919, %arg65) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %923 = "stablehlo.broadcast_in_dim"(%225) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %924 = "stablehlo.multiply"(%917, %923) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %925 = "stablehlo.broadcast_in_dim"(%222) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %926 = "stablehlo.multiply"(%917, %925) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %927 = "stablehlo.slice"(%924) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %928 = "stablehlo.slice"(%924) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %929 = "stablehlo.negate"(%927) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %930 = "stablehlo.concatenate"(%928, %929) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %931 = "stablehlo.add"(%926, %930) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %932 = "stablehlo.reshape"(%931) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %933 = "stablehlo.dot_general"(%932, %202) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %934 = "stablehlo.transpose"(%933) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %935 = "stablehlo.dot_general"(%932, %arg62) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %936 = "stablehlo.add"(%922, %935) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %937 = "stablehlo.broadcast_in_dim"(%212) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %938 = "stablehlo.multiply"(%918, %937) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %939 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %940 = "stablehlo.multiply"(%918, %939) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %941 = "stablehlo.slice"(%938) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %942 = "stablehlo.slice"(%938) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %943 = "stablehlo.negate"(%941) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %944 = "stablehlo.concatenate"(%942, %943) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %945 = "stablehlo.add"(%940, %944) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %946 = "stablehlo.reshape"(%945) : (tensor<4x16x4x16xf32>) -> tensor<4x16x64xf32>
    %947 = "stablehlo.dot_general"(%946, %202) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %948 = "stablehlo.transpose"(%947) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %949 = "stablehlo.dot_general"(%946, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %950 = "stablehlo.add"(%936, %949) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %951 = "stablehlo.multiply"(%189, %950) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %952 = "stablehlo.multiply"(%950, %201) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %953 = "stablehlo.broadcast_in_dim"(%193) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %954 = "stablehlo.multiply"(%953, %951) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %955 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %956 = "stablehlo.reduce"(%954, %955) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg88: tensor<f32>, %arg89: tensor<f32>):
      %1093 = "stablehlo.add"(%arg88, %arg89) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1093) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %957 = "stablehlo.reshape"(%956) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %958 = "stablehlo.broadcast_in_dim"(%198) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %959 = "stablehlo.multiply"(%951, %958) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %960 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %961 = "stablehlo.reduce"(%959, %960) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg86: tensor<f32>, %arg87: tensor<f32>):
      %1092 = "stablehlo.add"(%arg86, %arg87) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1092) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %962 = "stablehlo.reshape"(%961) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %963 = "stablehlo.reshape"(%957) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %964 = "stablehlo.multiply"(%962, %197) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %965 = "stablehlo.add"(%886, %952) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %966 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %967 = "stablehlo.reduce"(%964, %966) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg84: tensor<f32>, %arg85: tensor<f32>):
      %1091 = "stablehlo.add"(%arg84, %arg85) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1091) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %968 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %969 = "stablehlo.broadcast_in_dim"(%968) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %970 = "stablehlo.divide"(%967, %969) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %971 = "stablehlo.broadcast_in_dim"(%970) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %972 = "stablehlo.multiply"(%971, %178) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %973 = "stablehlo.add"(%965, %972) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %974 = "func.call"(%152#1, %973) <{callee = @_take_9}> : (tensor<4x16x1xi32>, tensor<4x16x64xf32>) -> tensor<128x64xf32>
    %975 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %976 = "stablehlo.broadcast_in_dim"(%975) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %977 = "stablehlo.multiply"(%976, %963) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %978 = "stablehlo.subtract"(%arg53, %977) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %979 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %980 = "stablehlo.broadcast_in_dim"(%979) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %981 = "stablehlo.multiply"(%980, %876) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %982 = "stablehlo.subtract"(%arg54, %981) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %983 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %984 = "stablehlo.broadcast_in_dim"(%983) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x4xf32>
    %985 = "stablehlo.multiply"(%984, %861) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %986 = "stablehlo.subtract"(%arg55, %985) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %987 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %988 = "stablehlo.broadcast_in_dim"(%987) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %989 = "stablehlo.multiply"(%988, %804) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %990 = "stablehlo.subtract"(%arg56, %989) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %991 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %992 = "stablehlo.broadcast_in_dim"(%991) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x64xf32>
    %993 = "stablehlo.multiply"(%992, %795) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %994 = "stablehlo.subtract"(%arg57, %993) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %995 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %996 = "stablehlo.broadcast_in_dim"(%995) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %997 = "stablehlo.multiply"(%996, %800) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %998 = "stablehlo.subtract"(%arg58, %997) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %999 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1000 = "stablehlo.broadcast_in_dim"(%999) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1001 = "stablehlo.multiply"(%1000, %820) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1002 = "stablehlo.subtract"(%arg59, %1001) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1003 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1004 = "stablehlo.broadcast_in_dim"(%1003) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x96x64xf32>
    %1005 = "stablehlo.multiply"(%1004, %811) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1006 = "stablehlo.subtract"(%arg60, %1005) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1007 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1008 = "stablehlo.broadcast_in_dim"(%1007) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1009 = "stablehlo.multiply"(%1008, %816) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1010 = "stablehlo.subtract"(%arg61, %1009) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1011 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1012 = "stablehlo.broadcast_in_dim"(%1011) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1013 = "stablehlo.multiply"(%1012, %934) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1014 = "stablehlo.subtract"(%arg62, %1013) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1015 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1016 = "stablehlo.broadcast_in_dim"(%1015) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1017 = "stablehlo.multiply"(%1016, %888) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1018 = "stablehlo.subtract"(%arg63, %1017) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1019 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1020 = "stablehlo.broadcast_in_dim"(%1019) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1021 = "stablehlo.multiply"(%1020, %948) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1022 = "stablehlo.subtract"(%arg64, %1021) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1023 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1024 = "stablehlo.broadcast_in_dim"(%1023) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1025 = "stablehlo.multiply"(%1024, %921) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1026 = "stablehlo.subtract"(%arg65, %1025) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1027 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1028 = "stablehlo.broadcast_in_dim"(%1027) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1029 = "stablehlo.multiply"(%1028, %783) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1030 = "stablehlo.subtract"(%arg66, %1029) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1031 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1032 = "stablehlo.broadcast_in_dim"(%1031) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1033 = "stablehlo.multiply"(%1032, %696) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1034 = "stablehlo.subtract"(%arg67, %1033) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1035 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1036 = "stablehlo.broadcast_in_dim"(%1035) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x4xf32>
    %1037 = "stablehlo.multiply"(%1036, %681) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1038 = "stablehlo.subtract"(%arg68, %1037) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1039 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1040 = "stablehlo.broadcast_in_dim"(%1039) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1041 = "stablehlo.multiply"(%1040, %624) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1042 = "stablehlo.subtract"(%arg69, %1041) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1043 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1044 = "stablehlo.broadcast_in_dim"(%1043) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x64xf32>
    %1045 = "stablehlo.multiply"(%1044, %615) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1046 = "stablehlo.subtract"(%arg70, %1045) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1047 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1048 = "stablehlo.broadcast_in_dim"(%1047) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1049 = "stablehlo.multiply"(%1048, %620) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1050 = "stablehlo.subtract"(%arg71, %1049) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1051 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1052 = "stablehlo.broadcast_in_dim"(%1051) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1053 = "stablehlo.multiply"(%1052, %640) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1054 = "stablehlo.subtract"(%arg72, %1053) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1055 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1056 = "stablehlo.broadcast_in_dim"(%1055) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x96x64xf32>
    %1057 = "stablehlo.multiply"(%1056, %631) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1058 = "stablehlo.subtract"(%arg73, %1057) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1059 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1060 = "stablehlo.broadcast_in_dim"(%1059) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1061 = "stablehlo.multiply"(%1060, %636) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1062 = "stablehlo.subtract"(%arg74, %1061) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1063 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1064 = "stablehlo.broadcast_in_dim"(%1063) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1065 = "stablehlo.multiply"(%1064, %754) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1066 = "stablehlo.subtract"(%arg75, %1065) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1067 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1068 = "stablehlo.broadcast_in_dim"(%1067) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1069 = "stablehlo.multiply"(%1068, %708) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1070 = "stablehlo.subtract"(%arg76, %1069) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1071 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1072 = "stablehlo.broadcast_in_dim"(%1071) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1073 = "stablehlo.multiply"(%1072, %768) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1074 = "stablehlo.subtract"(%arg77, %1073) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1075 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1076 = "stablehlo.broadcast_in_dim"(%1075) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1077 = "stablehlo.multiply"(%1076, %741) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1078 = "stablehlo.subtract"(%arg78, %1077) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1079 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1080 = "stablehlo.broadcast_in_dim"(%1079) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1081 = "stablehlo.multiply"(%1080, %604) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1082 = "stablehlo.subtract"(%arg79, %1081) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1083 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1084 = "stablehlo.broadcast_in_dim"(%1083) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x128xf32>
    %1085 = "stablehlo.multiply"(%1084, %590) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %1086 = "stablehlo.subtract"(%arg80, %1085) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %1087 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1088 = "stablehlo.broadcast_in_dim"(%1087) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1089 = "stablehlo.multiply"(%1088, %974) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1090 = "stablehlo.subtract"(%arg81, %1089) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    "func.return"(%978, %982, %986, %990, %994, %998, %1002, %1006, %1010, %1014, %1018, %1022, %1026, %1030, %1034, %1038, %1042, %1046, %1050, %1054, %1058, %1062, %1066, %1070, %1074, %1078, %1082, %1086, %1090, %581) : (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<128x64xf32>, tensor<4x16xi32>) -> (tensor<4x16x64xf32>, tensor<4x16x1xi32>), res_attrs = [{}, {}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg49: tensor<128x64xf32>, %arg50: tensor<4x16xi32>):
    %128 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %129 = "stablehlo.broadcast_in_dim"(%128) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16xi32>
    %130 = "stablehlo.compare"(%arg50, %129) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi1>
    %131 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %132 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16xi32>
    %133 = "stablehlo.add"(%arg50, %132) : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    %134 = "func.call"(%130, %133, %arg50) <{callee = @_where}> : (tensor<4x16xi1>, tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    %135 = "stablehlo.broadcast_in_dim"(%134) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xi32>) -> tensor<4x16x1xi32>
    %136 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %137 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %138 = "stablehlo.broadcast_in_dim"(%137) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x1xi32>
    %139 = "stablehlo.compare"(%135, %138) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi1>
    %140 = "stablehlo.broadcast_in_dim"(%136) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %141 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<4x16x1xi32>
    %142 = "stablehlo.compare"(%135, %141) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi1>
    %143 = "stablehlo.and"(%139, %142) : (tensor<4x16x1xi1>, tensor<4x16x1xi1>) -> tensor<4x16x1xi1>
    %144 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %145 = "stablehlo.reduce"(%143, %144) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg51: tensor<i1>, %arg52: tensor<i1>):
      %151 = "stablehlo.and"(%arg51, %arg52) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%151) : (tensor<i1>) -> ()
    }) : (tensor<4x16x1xi1>, tensor<i1>) -> tensor<4x16xi1>
    %146 = "stablehlo.gather"(%arg49, %135) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<128x64xf32>, tensor<4x16x1xi32>) -> tensor<4x16x64xf32>
    %147 = "stablehlo.broadcast_in_dim"(%145) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xi1>) -> tensor<4x16x64xi1>
    %148 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %149 = "stablehlo.broadcast_in_dim"(%148) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %150 = "stablehlo.select"(%147, %146, %149) : (tensor<4x16x64xi1>, tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    "func.return"(%150, %135) : (tensor<4x16x64xf32>, tensor<4x16x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x16xi1>, tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg46: tensor<4x16xi1>, %arg47: tensor<4x16xi32>, %arg48: tensor<4x16xi32>):
    %127 = "stablehlo.select"(%arg46, %arg47, %arg48) : (tensor<4x16xi1>, tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    "func.return"(%127) : (tensor<4x16xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<16x16xi1>) -> tensor<16x16xi1>, res_attrs = [{}], sym_name = "tril", sym_visibility = "private"}> ({
  ^bb0(%arg45: tensor<16x16xi1>):
    %118 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16x16xi32>
    %119 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %120 = "stablehlo.broadcast_in_dim"(%119) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<16x16xi32>
    %121 = "stablehlo.add"(%118, %120) : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
    %122 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<16x16xi32>
    %123 = "stablehlo.compare"(%121, %122) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
    %124 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    %125 = "stablehlo.broadcast_in_dim"(%124) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %126 = "stablehlo.select"(%123, %arg45, %125) : (tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>) -> tensor<16x16xi1>
    "func.return"(%126) : (tensor<16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<f32>) -> (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>), res_attrs = [{}, {}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg42: tensor<16x16xi1>, %arg43: tensor<4x2x2x16x16xf32>, %arg44: tensor<f32>):
    %114 = "stablehlo.convert"(%arg44) : (tensor<f32>) -> tensor<f32>
    %115 = "stablehlo.broadcast_in_dim"(%arg42) <{broadcast_dimensions = array<i64: 3, 4>}> : (tensor<16x16xi1>) -> tensor<4x2x2x16x16xi1>
    %116 = "stablehlo.broadcast_in_dim"(%114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %117 = "stablehlo.select"(%115, %arg43, %116) : (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    "func.return"(%117, %115) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x16x2xi32>) -> tensor<4x16x2x4xf32>, res_attrs = [{}], sym_name = "_one_hot", sym_visibility = "private"}> ({
  ^bb0(%arg41: tensor<4x16x2xi32>):
    %108 = "stablehlo.broadcast_in_dim"(%arg41) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x1xi32>
    %109 = "stablehlo.iota"() <{iota_dimension = 3 : i64}> : () -> tensor<1x1x1x4xi32>
    %110 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x16x2x1xi32>) -> tensor<4x16x2x4xi32>
    %111 = "stablehlo.broadcast_in_dim"(%109) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x4xi32>) -> tensor<4x16x2x4xi32>
    %112 = "stablehlo.compare"(%110, %111) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x16x2x4xi32>, tensor<4x16x2x4xi32>) -> tensor<4x16x2x4xi1>
    %113 = "stablehlo.convert"(%112) : (tensor<4x16x2x4xi1>) -> tensor<4x16x2x4xf32>
    "func.return"(%113) : (tensor<4x16x2x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>, res_attrs = [{}], sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg40: tensor<4x32x4xf32>):
    %107 = "func.call"(%arg40) <{callee = @cumsum_1}> : (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    "func.return"(%107) : (tensor<4x32x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>, sym_name = "cumsum_1", sym_visibility = "private"}> ({
  ^bb0(%arg37: tensor<4x32x4xf32>):
    %103 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %104 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %105 = "stablehlo.reduce_window"(%arg37, %104) <{base_dilations = array<i64: 1, 1, 1>, padding = dense<[[0, 0], [31, 0], [0, 0]]> : tensor<3x2xi64>, window_dilations = array<i64: 1, 1, 1>, window_dimensions = array<i64: 1, 32, 1>, window_strides = array<i64: 1, 1, 1>}> ({
    ^bb0(%arg38: tensor<f32>, %arg39: tensor<f32>):
      %106 = "stablehlo.add"(%arg38, %arg39) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%106) : (tensor<f32>) -> ()
    }) : (tensor<4x32x4xf32>, tensor<f32>) -> tensor<4x32x4xf32>
    "func.return"(%105) : (tensor<4x32x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x16x2xi32>) -> tensor<4x16x2x8xf32>, res_attrs = [{}], sym_name = "_one_hot_2", sym_visibility = "private"}> ({
  ^bb0(%arg36: tensor<4x16x2xi32>):
    %97 = "stablehlo.broadcast_in_dim"(%arg36) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x1xi32>
    %98 = "stablehlo.iota"() <{iota_dimension = 3 : i64}> : () -> tensor<1x1x1x8xi32>
    %99 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x16x2x1xi32>) -> tensor<4x16x2x8xi32>
    %100 = "stablehlo.broadcast_in_dim"(%98) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xi32>) -> tensor<4x16x2x8xi32>
    %101 = "stablehlo.compare"(%99, %100) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x16x2x8xi32>, tensor<4x16x2x8xi32>) -> tensor<4x16x2x8xi1>
    %102 = "stablehlo.convert"(%101) : (tensor<4x16x2x8xi1>) -> tensor<4x16x2x8xf32>
    "func.return"(%102) : (tensor<4x16x2x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x4x8x96xf32>) -> (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>), res_attrs = [{}, {}, {}], sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg35: tensor<4x4x8x96xf32>):
    %84 = "stablehlo.negate"(%arg35) : (tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %85 = "stablehlo.exponential"(%84) : (tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %86 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %87 = "stablehlo.broadcast_in_dim"(%86) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x8x96xf32>
    %88 = "stablehlo.add"(%87, %85) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %89 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %90 = "stablehlo.broadcast_in_dim"(%89) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x8x96xf32>
    %91 = "stablehlo.divide"(%90, %88) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %92 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %93 = "stablehlo.broadcast_in_dim"(%92) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x8x96xf32>
    %94 = "stablehlo.subtract"(%93, %91) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %95 = "stablehlo.multiply"(%91, %94) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %96 = "stablehlo.multiply"(%arg35, %91) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    "func.return"(%96, %95, %91) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>), res_attrs = [{}, {}, {}], sym_name = "silu_3", sym_visibility = "private"}> ({
  ^bb0(%arg34: tensor<4x16x96xf32>):
    %71 = "stablehlo.negate"(%arg34) : (tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %72 = "stablehlo.exponential"(%71) : (tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %73 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %74 = "stablehlo.broadcast_in_dim"(%73) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x96xf32>
    %75 = "stablehlo.add"(%74, %72) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %76 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %77 = "stablehlo.broadcast_in_dim"(%76) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x96xf32>
    %78 = "stablehlo.divide"(%77, %75) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %79 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %80 = "stablehlo.broadcast_in_dim"(%79) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x96xf32>
    %81 = "stablehlo.subtract"(%80, %78) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %82 = "stablehlo.multiply"(%78, %81) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %83 = "stablehlo.multiply"(%arg34, %78) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    "func.return"(%83, %82, %78) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x16x128xf32>) -> (tensor<4x16x128xf32>, tensor<4x16x128xf32>, tensor<4x16x1xf32>), res_attrs = [{}, {}, {}], sym_name = "log_softmax", sym_visibility = "private"}> ({
  ^bb0(%arg29: tensor<4x16x128xf32>):
    %54 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %55 = "stablehlo.reduce"(%arg29, %54) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg32: tensor<f32>, %arg33: tensor<f32>):
      %70 = "stablehlo.maximum"(%arg32, %arg33) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%70) : (tensor<f32>) -> ()
    }) : (tensor<4x16x128xf32>, tensor<f32>) -> tensor<4x16xf32>
    %56 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %57 = "stablehlo.broadcast_in_dim"(%56) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %58 = "stablehlo.maximum"(%57, %55) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %59 = "stablehlo.broadcast_in_dim"(%58) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %60 = "stablehlo.broadcast_in_dim"(%59) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x128xf32>
    %61 = "stablehlo.subtract"(%arg29, %60) : (tensor<4x16x128xf32>, tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    %62 = "stablehlo.exponential"(%61) : (tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    %63 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %64 = "stablehlo.reduce"(%62, %63) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg30: tensor<f32>, %arg31: tensor<f32>):
      %69 = "stablehlo.add"(%arg30, %arg31) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%69) : (tensor<f32>) -> ()
    }) : (tensor<4x16x128xf32>, tensor<f32>) -> tensor<4x16xf32>
    %65 = "stablehlo.broadcast_in_dim"(%64) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %66 = "stablehlo.log"(%65) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %67 = "stablehlo.broadcast_in_dim"(%66) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x128xf32>
    %68 = "stablehlo.subtract"(%61, %67) : (tensor<4x16x128xf32>, tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    "func.return"(%68, %62, %65) : (tensor<4x16x128xf32>, tensor<4x16x128xf32>, tensor<4x16x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x16x128xf32>, tensor<4x16x1xi32>) -> (tensor<4x16x1xf32>, tensor<4x16x1x1xi32>), res_attrs = [{}, {}], sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg25: tensor<4x16x128xf32>, %arg26: tensor<4x16x1xi32>):
    %31 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x1xi32>
    %33 = "stablehlo.compare"(%arg26, %32) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi1>
    %34 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %35 = "stablehlo.broadcast_in_dim"(%34) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x1xi32>
    %36 = "stablehlo.add"(%arg26, %35) : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi32>
    %37 = "stablehlo.select"(%33, %36, %arg26) : (tensor<4x16x1xi1>, tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi32>
    %38 = "stablehlo.reshape"(%37) : (tensor<4x16x1xi32>) -> tensor<4x16x1x1xi32>
    %39 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %40 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %41 = "stablehlo.broadcast_in_dim"(%40) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x1x1xi32>
    %42 = "stablehlo.compare"(%38, %41) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x16x1x1xi32>, tensor<4x16x1x1xi32>) -> tensor<4x16x1x1xi1>
    %43 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %44 = "stablehlo.broadcast_in_dim"(%43) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xi32>) -> tensor<4x16x1x1xi32>
    %45 = "stablehlo.compare"(%38, %44) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x16x1x1xi32>, tensor<4x16x1x1xi32>) -> tensor<4x16x1x1xi1>
    %46 = "stablehlo.and"(%42, %45) : (tensor<4x16x1x1xi1>, tensor<4x16x1x1xi1>) -> tensor<4x16x1x1xi1>
    %47 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %48 = "stablehlo.reduce"(%46, %47) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg27: tensor<i1>, %arg28: tensor<i1>):
      %53 = "stablehlo.and"(%arg27, %arg28) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%53) : (tensor<i1>) -> ()
    }) : (tensor<4x16x1x1xi1>, tensor<i1>) -> tensor<4x16x1xi1>
    %49 = "stablehlo.gather"(%arg25, %38) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<4x16x128xf32>, tensor<4x16x1x1xi32>) -> tensor<4x16x1xf32>
    %50 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.broadcast_in_dim"(%50) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %52 = "stablehlo.select"(%48, %49, %51) : (tensor<4x16x1xi1>, tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    "func.return"(%52, %38) : (tensor<4x16x1xf32>, tensor<4x16x1x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x16x1x1xi32>, tensor<4x16x1xf32>) -> tensor<4x16x128xf32>, res_attrs = [{}], sym_name = "take_along_axis_4", sym_visibility = "private"}> ({
  ^bb0(%arg21: tensor<4x16x1x1xi32>, %arg22: tensor<4x16x1xf32>):
    %27 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x128xf32>
    %29 = "stablehlo.scatter"(%28, %arg21, %arg22) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg23: tensor<f32>, %arg24: tensor<f32>):
      %30 = "stablehlo.add"(%arg23, %arg24) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%30) : (tensor<f32>) -> ()
    }) : (tensor<4x16x128xf32>, tensor<4x16x1x1xi32>, tensor<4x16x1xf32>) -> tensor<4x16x128xf32>
    "func.return"(%29) : (tensor<4x16x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x16x128xf32>, tensor<4x16x1xf32>, tensor<4x16x128xf32>) -> tensor<4x16x128xf32>, res_attrs = [{}], sym_name = "log_softmax_5", sym_visibility = "private"}> ({
  ^bb0(%arg14: tensor<4x16x128xf32>, %arg15: tensor<4x16x1xf32>, %arg16: tensor<4x16x128xf32>):
    %15 = "stablehlo.negate"(%arg16) : (tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    %16 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.reduce"(%15, %16) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg19: tensor<f32>, %arg20: tensor<f32>):
      %26 = "stablehlo.add"(%arg19, %arg20) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<4x16x128xf32>, tensor<f32>) -> tensor<4x16xf32>
    %18 = "stablehlo.reshape"(%17) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %19 = "stablehlo.divide"(%18, %arg15) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %20 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.reduce"(%19, %20) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg17: tensor<f32>, %arg18: tensor<f32>):
      %25 = "stablehlo.add"(%arg17, %arg18) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%25) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %22 = "stablehlo.broadcast_in_dim"(%21) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x128xf32>
    %23 = "stablehlo.multiply"(%22, %arg14) : (tensor<4x16x128xf32>, tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    %24 = "stablehlo.add"(%arg16, %23) : (tensor<4x16x128xf32>, tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    "func.return"(%24) : (tensor<4x16x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>, res_attrs = [{}], sym_name = "silu_6", sym_visibility = "private"}> ({
  ^bb0(%arg10: tensor<4x16x96xf32>, %arg11: tensor<4x16x96xf32>, %arg12: tensor<4x16x96xf32>, %arg13: tensor<4x16x96xf32>):
    %11 = "stablehlo.multiply"(%arg12, %arg13) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %12 = "stablehlo.multiply"(%arg13, %arg11) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %13 = "stablehlo.multiply"(%11, %arg10) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %14 = "stablehlo.add"(%12, %13) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    "func.return"(%14) : (tensor<4x16x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>, res_attrs = [{}], sym_name = "silu_7", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<4x4x8x96xf32>, %arg7: tensor<4x4x8x96xf32>, %arg8: tensor<4x4x8x96xf32>, %arg9: tensor<4x4x8x96xf32>):
    %7 = "stablehlo.multiply"(%arg8, %arg9) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %8 = "stablehlo.multiply"(%arg9, %arg7) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %9 = "stablehlo.multiply"(%7, %arg6) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %10 = "stablehlo.add"(%8, %9) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    "func.return"(%10) : (tensor<4x4x8x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>, res_attrs = [{}], sym_name = "_where_8", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<4x2x2x16x16xi1>, %arg5: tensor<4x2x2x16x16xf32>):
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %6 = "stablehlo.select"(%arg4, %arg5, %5) : (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    "func.return"(%6) : (tensor<4x2x2x16x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x16x1xi32>, tensor<4x16x64xf32>) -> tensor<128x64xf32>, res_attrs = [{}], sym_name = "_take_9", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4x16x1xi32>, %arg1: tensor<4x16x64xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %2 = "stablehlo.scatter"(%1, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<128x64xf32>, tensor<4x16x1xi32>, tensor<4x16x64xf32>) -> tensor<128x64xf32>
    "func.return"(%2) : (tensor<128x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
