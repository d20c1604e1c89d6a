"builtin.module"() <{sym_name = "jit_step"}> ({
  "func.func"() <{arg_attrs = [{tf.aliasing_output = 0 : i32}, {tf.aliasing_output = 1 : i32}, {tf.aliasing_output = 2 : i32}, {tf.aliasing_output = 3 : i32}, {tf.aliasing_output = 4 : i32}, {tf.aliasing_output = 5 : i32}, {tf.aliasing_output = 6 : i32}, {tf.aliasing_output = 7 : i32}, {tf.aliasing_output = 8 : i32}, {tf.aliasing_output = 9 : i32}, {tf.aliasing_output = 10 : i32}, {tf.aliasing_output = 11 : i32}, {tf.aliasing_output = 12 : i32}, {tf.aliasing_output = 13 : i32}, {tf.aliasing_output = 14 : i32}, {tf.aliasing_output = 15 : i32}, {tf.aliasing_output = 16 : i32}, {tf.aliasing_output = 17 : i32}, {tf.aliasing_output = 18 : i32}, {tf.aliasing_output = 19 : i32}, {tf.aliasing_output = 20 : i32}, {tf.aliasing_output = 21 : i32}, {tf.aliasing_output = 22 : i32}, {tf.aliasing_output = 23 : i32}, {tf.aliasing_output = 24 : i32}, {tf.aliasing_output = 25 : i32}, {tf.aliasing_output = 26 : i32}, {tf.aliasing_output = 27 : i32}, {tf.aliasing_output = 28 : i32}, {}, {}], function_type = (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<2x16xi32>, tensor<2x16xi32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>), res_attrs = [{jax.result_info = "result[0]['Block_0']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['moe']['router']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w1']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w2']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w3']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['w1']"}, {jax.result_info = "result[0]['Block_0']['moe']['w2']"}, {jax.result_info = "result[0]['Block_0']['moe']['w3']"}, {jax.result_info = "result[0]['Block_0']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wv']['kernel']"}, {jax.result_info = "result[0]['Block_1']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['moe']['router']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w1']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w2']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w3']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['w1']"}, {jax.result_info = "result[0]['Block_1']['moe']['w2']"}, {jax.result_info = "result[0]['Block_1']['moe']['w3']"}, {jax.result_info = "result[0]['Block_1']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wv']['kernel']"}, {jax.result_info = "result[0]['norm']['scale']"}, {jax.result_info = "result[0]['output']['kernel']"}, {jax.result_info = "result[0]['tok_embeddings']['embedding']"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg53: tensor<64xf32>, %arg54: tensor<64xf32>, %arg55: tensor<64x4xf32>, %arg56: tensor<64x96xf32>, %arg57: tensor<96x64xf32>, %arg58: tensor<64x96xf32>, %arg59: tensor<4x64x96xf32>, %arg60: tensor<4x96x64xf32>, %arg61: tensor<4x64x96xf32>, %arg62: tensor<64x32xf32>, %arg63: tensor<64x64xf32>, %arg64: tensor<64x64xf32>, %arg65: tensor<64x32xf32>, %arg66: tensor<64xf32>, %arg67: tensor<64xf32>, %arg68: tensor<64x4xf32>, %arg69: tensor<64x96xf32>, %arg70: tensor<96x64xf32>, %arg71: tensor<64x96xf32>, %arg72: tensor<4x64x96xf32>, %arg73: tensor<4x96x64xf32>, %arg74: tensor<4x64x96xf32>, %arg75: tensor<64x32xf32>, %arg76: tensor<64x64xf32>, %arg77: tensor<64x64xf32>, %arg78: tensor<64x32xf32>, %arg79: tensor<64xf32>, %arg80: tensor<64x128xf32>, %arg81: tensor<128x64xf32>, %arg82: tensor<2x16xi32>, %arg83: tensor<2x16xi32>):
    %152:2 = "func.call"(%arg81, %arg82) <{callee = @_take}> : (tensor<128x64xf32>, tensor<2x16xi32>) -> (tensor<2x16x64xf32>, tensor<2x16x1xi32>)
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
    %175 = "chlo.square"(%152#0) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %176 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %177 = "stablehlo.broadcast_in_dim"(%176) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %178 = "stablehlo.multiply"(%177, %152#0) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %179 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %180 = "stablehlo.reduce"(%175, %179) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg176: tensor<f32>, %arg177: tensor<f32>):
      %1141 = "stablehlo.add"(%arg176, %arg177) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1141) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %181 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %182 = "stablehlo.broadcast_in_dim"(%181) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %183 = "stablehlo.divide"(%180, %182) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %184 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %185 = "stablehlo.broadcast_in_dim"(%184) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %186 = "stablehlo.broadcast_in_dim"(%185) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %187 = "stablehlo.broadcast_in_dim"(%183) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %188 = "stablehlo.broadcast_in_dim"(%186) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %189 = "stablehlo.subtract"(%152#0, %188) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %190 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %191 = "stablehlo.broadcast_in_dim"(%190) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %192 = "stablehlo.add"(%187, %191) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %193 = "stablehlo.rsqrt"(%192) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %194 = "stablehlo.divide"(%193, %192) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %195 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %196 = "stablehlo.broadcast_in_dim"(%195) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %197 = "stablehlo.multiply"(%196, %194) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %198 = "stablehlo.reshape"(%arg53) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %199 = "stablehlo.broadcast_in_dim"(%193) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %200 = "stablehlo.broadcast_in_dim"(%198) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %201 = "stablehlo.multiply"(%199, %200) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %202 = "stablehlo.multiply"(%189, %201) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %203 = "stablehlo.dot_general"(%202, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %204 = "stablehlo.reshape"(%203) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %205 = "stablehlo.slice"(%204) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %206 = "stablehlo.slice"(%204) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %207 = "stablehlo.negate"(%206) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %208 = "stablehlo.concatenate"(%207, %205) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %209 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %210 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %211 = "stablehlo.multiply"(%204, %210) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %212 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %213 = "stablehlo.broadcast_in_dim"(%212) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %214 = "stablehlo.multiply"(%208, %213) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %215 = "stablehlo.add"(%211, %214) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %216 = "stablehlo.dot_general"(%202, %arg62) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
    %217 = "stablehlo.reshape"(%216) : (tensor<2x16x32xf32>) -> tensor<2x16x2x16xf32>
    %218 = "stablehlo.slice"(%217) <{limit_indices = array<i64: 2, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %219 = "stablehlo.slice"(%217) <{limit_indices = array<i64: 2, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %220 = "stablehlo.negate"(%219) : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x8xf32>
    %221 = "stablehlo.concatenate"(%220, %218) <{dimension = 3 : i64}> : (tensor<2x16x2x8xf32>, tensor<2x16x2x8xf32>) -> tensor<2x16x2x16xf32>
    %222 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %223 = "stablehlo.broadcast_in_dim"(%222) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %224 = "stablehlo.multiply"(%217, %223) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %225 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %226 = "stablehlo.broadcast_in_dim"(%225) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %227 = "stablehlo.multiply"(%221, %226) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %228 = "stablehlo.add"(%224, %227) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %229 = "stablehlo.dot_general"(%202, %arg65) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
    %230 = "stablehlo.reshape"(%229) : (tensor<2x16x32xf32>) -> tensor<2x16x2x16xf32>
    %231 = "stablehlo.reshape"(%215) : (tensor<2x16x4x16xf32>) -> tensor<2x16x2x2x16xf32>
    %232 = "stablehlo.dot_general"(%228, %231) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x2x16xf32>, tensor<2x16x2x2x16xf32>) -> tensor<2x2x16x16x2xf32>
    %233 = "stablehlo.transpose"(%232) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x16x16x2xf32>) -> tensor<2x2x2x16x16xf32>
    %234 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %235 = "stablehlo.broadcast_in_dim"(%234) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x16xf32>
    %236 = "stablehlo.divide"(%233, %235) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %237 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %238 = "stablehlo.broadcast_in_dim"(%237) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %239 = "func.call"(%238) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %240 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %241:2 = "func.call"(%239, %236, %240) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<2x2x2x16x16xf32>, tensor<f32>) -> (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xi1>)
    %242 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %243 = "stablehlo.reduce"(%241#0, %242) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg174: tensor<f32>, %arg175: tensor<f32>):
      %1140 = "stablehlo.maximum"(%arg174, %arg175) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1140) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %244 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %245 = "stablehlo.broadcast_in_dim"(%244) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16xf32>
    %246 = "stablehlo.maximum"(%245, %243) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
    %247 = "stablehlo.broadcast_in_dim"(%246) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %248 = "stablehlo.broadcast_in_dim"(%247) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %249 = "stablehlo.subtract"(%241#0, %248) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %250 = "stablehlo.exponential"(%249) : (tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %251 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %252 = "stablehlo.reduce"(%250, %251) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg172: tensor<f32>, %arg173: tensor<f32>):
      %1139 = "stablehlo.add"(%arg172, %arg173) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1139) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %253 = "stablehlo.broadcast_in_dim"(%252) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %254 = "stablehlo.broadcast_in_dim"(%253) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %255 = "stablehlo.divide"(%250, %254) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %256 = "stablehlo.multiply"(%253, %253) : (tensor<2x2x2x16x1xf32>, tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x1xf32>
    %257 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %258 = "stablehlo.broadcast_in_dim"(%257) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x1xf32>
    %259 = "stablehlo.divide"(%258, %256) : (tensor<2x2x2x16x1xf32>, tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x1xf32>
    %260 = "stablehlo.dot_general"(%230, %255) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x2x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x16x2x16xf32>
    %261 = "stablehlo.transpose"(%260) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<2x2x16x2x16xf32>) -> tensor<2x16x2x2x16xf32>
    %262 = "stablehlo.reshape"(%261) : (tensor<2x16x2x2x16xf32>) -> tensor<2x16x64xf32>
    %263 = "stablehlo.dot_general"(%262, %arg63) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %264 = "stablehlo.add"(%152#0, %263) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %265 = "chlo.square"(%264) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %266 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %267 = "stablehlo.broadcast_in_dim"(%266) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %268 = "stablehlo.multiply"(%267, %264) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %269 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %270 = "stablehlo.reduce"(%265, %269) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg170: tensor<f32>, %arg171: tensor<f32>):
      %1138 = "stablehlo.add"(%arg170, %arg171) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1138) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %271 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %272 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %273 = "stablehlo.divide"(%270, %272) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %274 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %275 = "stablehlo.broadcast_in_dim"(%274) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %276 = "stablehlo.broadcast_in_dim"(%275) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %277 = "stablehlo.broadcast_in_dim"(%273) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %278 = "stablehlo.broadcast_in_dim"(%276) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %279 = "stablehlo.subtract"(%264, %278) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %280 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %281 = "stablehlo.broadcast_in_dim"(%280) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %282 = "stablehlo.add"(%277, %281) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %283 = "stablehlo.rsqrt"(%282) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %284 = "stablehlo.divide"(%283, %282) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %285 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %286 = "stablehlo.broadcast_in_dim"(%285) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %287 = "stablehlo.multiply"(%286, %284) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %288 = "stablehlo.reshape"(%arg54) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %289 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %290 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %291 = "stablehlo.multiply"(%289, %290) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %292 = "stablehlo.multiply"(%279, %291) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %293 = "stablehlo.reshape"(%292) : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %294 = "stablehlo.dot_general"(%293, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<64x4xf32>) -> tensor<32x4xf32>
    %295 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %296 = "stablehlo.reduce"(%294, %295) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg168: tensor<f32>, %arg169: tensor<f32>):
      %1137 = "stablehlo.maximum"(%arg168, %arg169) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1137) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<f32>) -> tensor<32xf32>
    %297 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %298 = "stablehlo.broadcast_in_dim"(%297) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32xf32>
    %299 = "stablehlo.maximum"(%298, %296) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %300 = "stablehlo.broadcast_in_dim"(%299) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x1xf32>
    %301 = "stablehlo.broadcast_in_dim"(%300) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %302 = "stablehlo.subtract"(%294, %301) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %303 = "stablehlo.exponential"(%302) : (tensor<32x4xf32>) -> tensor<32x4xf32>
    %304 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %305 = "stablehlo.reduce"(%303, %304) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg166: tensor<f32>, %arg167: tensor<f32>):
      %1136 = "stablehlo.add"(%arg166, %arg167) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1136) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<f32>) -> tensor<32xf32>
    %306 = "stablehlo.broadcast_in_dim"(%305) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x1xf32>
    %307 = "stablehlo.broadcast_in_dim"(%306) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %308 = "stablehlo.divide"(%303, %307) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %309 = "stablehlo.multiply"(%306, %306) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %310 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %311 = "stablehlo.broadcast_in_dim"(%310) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x1xf32>
    %312 = "stablehlo.divide"(%311, %309) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %313:2 = "chlo.top_k"(%308) <{is_stable = true, k = 2 : i64}> : (tensor<32x4xf32>) -> (tensor<32x2xf32>, tensor<32x2xi32>)
    %314 = "stablehlo.reshape"(%313#1) : (tensor<32x2xi32>) -> tensor<32x2x1xi32>
    %315 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %316 = "stablehlo.reduce"(%313#0, %315) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg164: tensor<f32>, %arg165: tensor<f32>):
      %1135 = "stablehlo.add"(%arg164, %arg165) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1135) : (tensor<f32>) -> ()
    }) : (tensor<32x2xf32>, tensor<f32>) -> tensor<32xf32>
    %317 = "stablehlo.broadcast_in_dim"(%316) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x1xf32>
    %318 = "stablehlo.broadcast_in_dim"(%317) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x2xf32>
    %319 = "stablehlo.divide"(%313#0, %318) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %320 = "stablehlo.multiply"(%317, %317) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %321 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %322 = "stablehlo.broadcast_in_dim"(%321) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x1xf32>
    %323 = "stablehlo.divide"(%322, %320) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %324 = "func.call"(%313#1) <{callee = @_one_hot}> : (tensor<32x2xi32>) -> tensor<32x2x4xf32>
    %325 = "stablehlo.transpose"(%324) <{permutation = array<i64: 1, 0, 2>}> : (tensor<32x2x4xf32>) -> tensor<2x32x4xf32>
    %326 = "stablehlo.reshape"(%325) : (tensor<2x32x4xf32>) -> tensor<64x4xf32>
    %327 = "func.call"(%326) <{callee = @cumsum}> : (tensor<64x4xf32>) -> tensor<64x4xf32>
    %328 = "stablehlo.subtract"(%327, %326) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %329 = "stablehlo.reshape"(%328) : (tensor<64x4xf32>) -> tensor<2x32x4xf32>
    %330 = "stablehlo.transpose"(%329) <{permutation = array<i64: 1, 0, 2>}> : (tensor<2x32x4xf32>) -> tensor<32x2x4xf32>
    %331 = "stablehlo.multiply"(%330, %324) : (tensor<32x2x4xf32>, tensor<32x2x4xf32>) -> tensor<32x2x4xf32>
    %332 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %333 = "stablehlo.reduce"(%331, %332) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg162: tensor<f32>, %arg163: tensor<f32>):
      %1134 = "stablehlo.add"(%arg162, %arg163) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1134) : (tensor<f32>) -> ()
    }) : (tensor<32x2x4xf32>, tensor<f32>) -> tensor<32x2xf32>
    %334 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %335 = "stablehlo.broadcast_in_dim"(%334) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x2xf32>
    %336 = "stablehlo.compare"(%333, %335) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xi1>
    %337 = "stablehlo.broadcast_in_dim"(%336) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xi1>) -> tensor<32x2x1xi1>
    %338 = "stablehlo.convert"(%337) : (tensor<32x2x1xi1>) -> tensor<32x2x1xf32>
    %339 = "stablehlo.broadcast_in_dim"(%338) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xf32>) -> tensor<32x2x4xf32>
    %340 = "stablehlo.multiply"(%324, %339) : (tensor<32x2x4xf32>, tensor<32x2x4xf32>) -> tensor<32x2x4xf32>
    %341 = "stablehlo.convert"(%333) : (tensor<32x2xf32>) -> tensor<32x2xi32>
    %342 = "func.call"(%341) <{callee = @_one_hot_2}> : (tensor<32x2xi32>) -> tensor<32x2x16xf32>
    %343 = "stablehlo.dot_general"(%340, %342) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x4xf32>, tensor<32x2x16xf32>) -> tensor<32x4x16xf32>
    %344 = "stablehlo.dot_general"(%342, %319) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x16xf32>, tensor<32x2xf32>) -> tensor<32x2x16xf32>
    %345 = "stablehlo.dot_general"(%340, %344) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x4xf32>, tensor<32x2x16xf32>) -> tensor<32x4x16xf32>
    %346 = "stablehlo.dot_general"(%343, %293) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4x16xf32>, tensor<32x64xf32>) -> tensor<4x16x64xf32>
    %347 = "stablehlo.dot_general"(%346, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x64x96xf32>) -> tensor<4x16x96xf32>
    %348:3 = "func.call"(%347) <{callee = @silu}> : (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>)
    %349 = "stablehlo.dot_general"(%346, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x64x96xf32>) -> tensor<4x16x96xf32>
    %350 = "stablehlo.multiply"(%348#0, %349) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %351 = "stablehlo.dot_general"(%350, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x96x64xf32>) -> tensor<4x16x64xf32>
    %352 = "stablehlo.dot_general"(%345, %351) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2, 1], rhs_contracting_dimensions = [1, 0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4x16xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %353 = "stablehlo.dot_general"(%293, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<64x96xf32>) -> tensor<32x96xf32>
    %354:3 = "func.call"(%353) <{callee = @silu_3}> : (tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>)
    %355 = "stablehlo.dot_general"(%293, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<64x96xf32>) -> tensor<32x96xf32>
    %356 = "stablehlo.multiply"(%354#0, %355) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %357 = "stablehlo.dot_general"(%356, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<96x64xf32>) -> tensor<32x64xf32>
    %358 = "stablehlo.add"(%352, %357) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %359 = "stablehlo.reshape"(%358) : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %360 = "stablehlo.add"(%264, %359) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %361 = "chlo.square"(%360) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %362 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %363 = "stablehlo.broadcast_in_dim"(%362) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %364 = "stablehlo.multiply"(%363, %360) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %365 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %366 = "stablehlo.reduce"(%361, %365) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg160: tensor<f32>, %arg161: tensor<f32>):
      %1133 = "stablehlo.add"(%arg160, %arg161) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1133) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %367 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %368 = "stablehlo.broadcast_in_dim"(%367) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %369 = "stablehlo.divide"(%366, %368) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %370 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %371 = "stablehlo.broadcast_in_dim"(%370) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %372 = "stablehlo.broadcast_in_dim"(%371) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %373 = "stablehlo.broadcast_in_dim"(%369) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %374 = "stablehlo.broadcast_in_dim"(%372) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %375 = "stablehlo.subtract"(%360, %374) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %376 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %377 = "stablehlo.broadcast_in_dim"(%376) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %378 = "stablehlo.add"(%373, %377) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %379 = "stablehlo.rsqrt"(%378) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %380 = "stablehlo.divide"(%379, %378) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %381 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %382 = "stablehlo.broadcast_in_dim"(%381) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %383 = "stablehlo.multiply"(%382, %380) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %384 = "stablehlo.reshape"(%arg66) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %385 = "stablehlo.broadcast_in_dim"(%379) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %386 = "stablehlo.broadcast_in_dim"(%384) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %387 = "stablehlo.multiply"(%385, %386) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %388 = "stablehlo.multiply"(%375, %387) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %389 = "stablehlo.dot_general"(%388, %arg77) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %390 = "stablehlo.reshape"(%389) : (tensor<2x16x64xf32>) -> tensor<2x16x4x16xf32>
    %391 = "stablehlo.slice"(%390) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %392 = "stablehlo.slice"(%390) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %393 = "stablehlo.negate"(%392) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %394 = "stablehlo.concatenate"(%393, %391) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %395 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %396 = "stablehlo.broadcast_in_dim"(%395) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %397 = "stablehlo.multiply"(%390, %396) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %398 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %399 = "stablehlo.broadcast_in_dim"(%398) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %400 = "stablehlo.multiply"(%394, %399) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %401 = "stablehlo.add"(%397, %400) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %402 = "stablehlo.dot_general"(%388, %arg75) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
    %403 = "stablehlo.reshape"(%402) : (tensor<2x16x32xf32>) -> tensor<2x16x2x16xf32>
    %404 = "stablehlo.slice"(%403) <{limit_indices = array<i64: 2, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %405 = "stablehlo.slice"(%403) <{limit_indices = array<i64: 2, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %406 = "stablehlo.negate"(%405) : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x8xf32>
    %407 = "stablehlo.concatenate"(%406, %404) <{dimension = 3 : i64}> : (tensor<2x16x2x8xf32>, tensor<2x16x2x8xf32>) -> tensor<2x16x2x16xf32>
    %408 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %409 = "stablehlo.broadcast_in_dim"(%408) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %410 = "stablehlo.multiply"(%403, %409) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %411 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %412 = "stablehlo.broadcast_in_dim"(%411) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %413 = "stablehlo.multiply"(%407, %412) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %414 = "stablehlo.add"(%410, %413) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %415 = "stablehlo.dot_general"(%388, %arg78) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
    %416 = "stablehlo.reshape"(%415) : (tensor<2x16x32xf32>) -> tensor<2x16x2x16xf32>
    %417 = "stablehlo.reshape"(%401) : (tensor<2x16x4x16xf32>) -> tensor<2x16x2x2x16xf32>
    %418 = "stablehlo.dot_general"(%414, %417) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x2x16xf32>, tensor<2x16x2x2x16xf32>) -> tensor<2x2x16x16x2xf32>
    %419 = "stablehlo.transpose"(%418) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x16x16x2xf32>) -> tensor<2x2x2x16x16xf32>
    %420 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %421 = "stablehlo.broadcast_in_dim"(%420) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x16xf32>
    %422 = "stablehlo.divide"(%419, %421) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %423 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %424 = "stablehlo.broadcast_in_dim"(%423) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %425 = "func.call"(%424) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %426 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %427:2 = "func.call"(%425, %422, %426) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<2x2x2x16x16xf32>, tensor<f32>) -> (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xi1>)
    %428 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %429 = "stablehlo.reduce"(%427#0, %428) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg158: tensor<f32>, %arg159: tensor<f32>):
      %1132 = "stablehlo.maximum"(%arg158, %arg159) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1132) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %430 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %431 = "stablehlo.broadcast_in_dim"(%430) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16xf32>
    %432 = "stablehlo.maximum"(%431, %429) : (tensor<2x2x2x16xf32>, tensor<2x2x2x16xf32>) -> tensor<2x2x2x16xf32>
    %433 = "stablehlo.broadcast_in_dim"(%432) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %434 = "stablehlo.broadcast_in_dim"(%433) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %435 = "stablehlo.subtract"(%427#0, %434) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %436 = "stablehlo.exponential"(%435) : (tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %437 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %438 = "stablehlo.reduce"(%436, %437) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg156: tensor<f32>, %arg157: tensor<f32>):
      %1131 = "stablehlo.add"(%arg156, %arg157) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1131) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %439 = "stablehlo.broadcast_in_dim"(%438) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %440 = "stablehlo.broadcast_in_dim"(%439) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %441 = "stablehlo.divide"(%436, %440) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %442 = "stablehlo.multiply"(%439, %439) : (tensor<2x2x2x16x1xf32>, tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x1xf32>
    %443 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %444 = "stablehlo.broadcast_in_dim"(%443) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x1xf32>
    %445 = "stablehlo.divide"(%444, %442) : (tensor<2x2x2x16x1xf32>, tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x1xf32>
    %446 = "stablehlo.dot_general"(%416, %441) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x2x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x16x2x16xf32>
    %447 = "stablehlo.transpose"(%446) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<2x2x16x2x16xf32>) -> tensor<2x16x2x2x16xf32>
    %448 = "stablehlo.reshape"(%447) : (tensor<2x16x2x2x16xf32>) -> tensor<2x16x64xf32>
    %449 = "stablehlo.dot_general"(%448, %arg76) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %450 = "stablehlo.add"(%360, %449) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %451 = "chlo.square"(%450) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %452 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %453 = "stablehlo.broadcast_in_dim"(%452) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %454 = "stablehlo.multiply"(%453, %450) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %455 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %456 = "stablehlo.reduce"(%451, %455) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg154: tensor<f32>, %arg155: tensor<f32>):
      %1130 = "stablehlo.add"(%arg154, %arg155) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1130) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %457 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %458 = "stablehlo.broadcast_in_dim"(%457) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %459 = "stablehlo.divide"(%456, %458) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %460 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %461 = "stablehlo.broadcast_in_dim"(%460) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %462 = "stablehlo.broadcast_in_dim"(%461) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %463 = "stablehlo.broadcast_in_dim"(%459) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %464 = "stablehlo.broadcast_in_dim"(%462) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %465 = "stablehlo.subtract"(%450, %464) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %466 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %467 = "stablehlo.broadcast_in_dim"(%466) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %468 = "stablehlo.add"(%463, %467) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %469 = "stablehlo.rsqrt"(%468) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %470 = "stablehlo.divide"(%469, %468) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %471 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %472 = "stablehlo.broadcast_in_dim"(%471) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %473 = "stablehlo.multiply"(%472, %470) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %474 = "stablehlo.reshape"(%arg67) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %475 = "stablehlo.broadcast_in_dim"(%469) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %476 = "stablehlo.broadcast_in_dim"(%474) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %477 = "stablehlo.multiply"(%475, %476) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %478 = "stablehlo.multiply"(%465, %477) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %479 = "stablehlo.reshape"(%478) : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %480 = "stablehlo.dot_general"(%479, %arg68) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<64x4xf32>) -> tensor<32x4xf32>
    %481 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %482 = "stablehlo.reduce"(%480, %481) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg152: tensor<f32>, %arg153: tensor<f32>):
      %1129 = "stablehlo.maximum"(%arg152, %arg153) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1129) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<f32>) -> tensor<32xf32>
    %483 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %484 = "stablehlo.broadcast_in_dim"(%483) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32xf32>
    %485 = "stablehlo.maximum"(%484, %482) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %486 = "stablehlo.broadcast_in_dim"(%485) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x1xf32>
    %487 = "stablehlo.broadcast_in_dim"(%486) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %488 = "stablehlo.subtract"(%480, %487) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %489 = "stablehlo.exponential"(%488) : (tensor<32x4xf32>) -> tensor<32x4xf32>
    %490 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %491 = "stablehlo.reduce"(%489, %490) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg150: tensor<f32>, %arg151: tensor<f32>):
      %1128 = "stablehlo.add"(%arg150, %arg151) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1128) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<f32>) -> tensor<32xf32>
    %492 = "stablehlo.broadcast_in_dim"(%491) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x1xf32>
    %493 = "stablehlo.broadcast_in_dim"(%492) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %494 = "stablehlo.divide"(%489, %493) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %495 = "stablehlo.multiply"(%492, %492) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %496 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %497 = "stablehlo.broadcast_in_dim"(%496) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x1xf32>
    %498 = "stablehlo.divide"(%497, %495) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %499:2 = "chlo.top_k"(%494) <{is_stable = true, k = 2 : i64}> : (tensor<32x4xf32>) -> (tensor<32x2xf32>, tensor<32x2xi32>)
    %500 = "stablehlo.reshape"(%499#1) : (tensor<32x2xi32>) -> tensor<32x2x1xi32>
    %501 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %502 = "stablehlo.reduce"(%499#0, %501) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg148: tensor<f32>, %arg149: tensor<f32>):
      %1127 = "stablehlo.add"(%arg148, %arg149) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1127) : (tensor<f32>) -> ()
    }) : (tensor<32x2xf32>, tensor<f32>) -> tensor<32xf32>
    %503 = "stablehlo.broadcast_in_dim"(%502) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x1xf32>
    %504 = "stablehlo.broadcast_in_dim"(%503) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x2xf32>
    %505 = "stablehlo.divide"(%499#0, %504) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %506 = "stablehlo.multiply"(%503, %503) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %507 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %508 = "stablehlo.broadcast_in_dim"(%507) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x1xf32>
    %509 = "stablehlo.divide"(%508, %506) : (tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %510 = "func.call"(%499#1) <{callee = @_one_hot}> : (tensor<32x2xi32>) -> tensor<32x2x4xf32>
    %511 = "stablehlo.transpose"(%510) <{permutation = array<i64: 1, 0, 2>}> : (tensor<32x2x4xf32>) -> tensor<2x32x4xf32>
    %512 = "stablehlo.reshape"(%511) : (tensor<2x32x4xf32>) -> tensor<64x4xf32>
    %513 = "func.call"(%512) <{callee = @cumsum}> : (tensor<64x4xf32>) -> tensor<64x4xf32>
    %514 = "stablehlo.subtract"(%513, %512) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %515 = "stablehlo.reshape"(%514) : (tensor<64x4xf32>) -> tensor<2x32x4xf32>
    %516 = "stablehlo.transpose"(%515) <{permutation = array<i64: 1, 0, 2>}> : (tensor<2x32x4xf32>) -> tensor<32x2x4xf32>
    %517 = "stablehlo.multiply"(%516, %510) : (tensor<32x2x4xf32>, tensor<32x2x4xf32>) -> tensor<32x2x4xf32>
    %518 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %519 = "stablehlo.reduce"(%517, %518) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg146: tensor<f32>, %arg147: tensor<f32>):
      %1126 = "stablehlo.add"(%arg146, %arg147) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1126) : (tensor<f32>) -> ()
    }) : (tensor<32x2x4xf32>, tensor<f32>) -> tensor<32x2xf32>
    %520 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %521 = "stablehlo.broadcast_in_dim"(%520) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x2xf32>
    %522 = "stablehlo.compare"(%519, %521) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xi1>
    %523 = "stablehlo.broadcast_in_dim"(%522) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xi1>) -> tensor<32x2x1xi1>
    %524 = "stablehlo.convert"(%523) : (tensor<32x2x1xi1>) -> tensor<32x2x1xf32>
    %525 = "stablehlo.broadcast_in_dim"(%524) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xf32>) -> tensor<32x2x4xf32>
    %526 = "stablehlo.multiply"(%510, %525) : (tensor<32x2x4xf32>, tensor<32x2x4xf32>) -> tensor<32x2x4xf32>
    %527 = "stablehlo.convert"(%519) : (tensor<32x2xf32>) -> tensor<32x2xi32>
    %528 = "func.call"(%527) <{callee = @_one_hot_2}> : (tensor<32x2xi32>) -> tensor<32x2x16xf32>
    %529 = "stablehlo.dot_general"(%526, %528) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x4xf32>, tensor<32x2x16xf32>) -> tensor<32x4x16xf32>
    %530 = "stablehlo.dot_general"(%528, %505) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x16xf32>, tensor<32x2xf32>) -> tensor<32x2x16xf32>
    %531 = "stablehlo.dot_general"(%526, %530) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x4xf32>, tensor<32x2x16xf32>) -> tensor<32x4x16xf32>
    %532 = "stablehlo.dot_general"(%529, %479) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4x16xf32>, tensor<32x64xf32>) -> tensor<4x16x64xf32>
    %533 = "stablehlo.dot_general"(%532, %arg72) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x64x96xf32>) -> tensor<4x16x96xf32>
    %534:3 = "func.call"(%533) <{callee = @silu}> : (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>)
    %535 = "stablehlo.dot_general"(%532, %arg74) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x64x96xf32>) -> tensor<4x16x96xf32>
    %536 = "stablehlo.multiply"(%534#0, %535) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %537 = "stablehlo.dot_general"(%536, %arg73) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x96x64xf32>) -> tensor<4x16x64xf32>
    %538 = "stablehlo.dot_general"(%531, %537) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2, 1], rhs_contracting_dimensions = [1, 0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4x16xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %539 = "stablehlo.dot_general"(%479, %arg69) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<64x96xf32>) -> tensor<32x96xf32>
    %540:3 = "func.call"(%539) <{callee = @silu_3}> : (tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>)
    %541 = "stablehlo.dot_general"(%479, %arg71) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<64x96xf32>) -> tensor<32x96xf32>
    %542 = "stablehlo.multiply"(%540#0, %541) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %543 = "stablehlo.dot_general"(%542, %arg70) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<96x64xf32>) -> tensor<32x64xf32>
    %544 = "stablehlo.add"(%538, %543) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %545 = "stablehlo.reshape"(%544) : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %546 = "stablehlo.add"(%450, %545) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %547 = "chlo.square"(%546) : (tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %548 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %549 = "stablehlo.broadcast_in_dim"(%548) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %550 = "stablehlo.multiply"(%549, %546) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %551 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %552 = "stablehlo.reduce"(%547, %551) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg144: tensor<f32>, %arg145: tensor<f32>):
      %1125 = "stablehlo.add"(%arg144, %arg145) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1125) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %553 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %554 = "stablehlo.broadcast_in_dim"(%553) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %555 = "stablehlo.divide"(%552, %554) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %556 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %557 = "stablehlo.broadcast_in_dim"(%556) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %558 = "stablehlo.broadcast_in_dim"(%557) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %559 = "stablehlo.broadcast_in_dim"(%555) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %560 = "stablehlo.broadcast_in_dim"(%558) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %561 = "stablehlo.subtract"(%546, %560) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %562 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %563 = "stablehlo.broadcast_in_dim"(%562) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %564 = "stablehlo.add"(%559, %563) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %565 = "stablehlo.rsqrt"(%564) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %566 = "stablehlo.divide"(%565, %564) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %567 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %568 = "stablehlo.broadcast_in_dim"(%567) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %569 = "stablehlo.multiply"(%568, %566) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %570 = "stablehlo.reshape"(%arg79) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %571 = "stablehlo.broadcast_in_dim"(%565) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %572 = "stablehlo.broadcast_in_dim"(%570) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %573 = "stablehlo.multiply"(%571, %572) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %574 = "stablehlo.multiply"(%561, %573) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %575 = "stablehlo.dot_general"(%574, %arg80) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x128xf32>) -> tensor<2x16x128xf32>
    %576:3 = "func.call"(%575) <{callee = @log_softmax}> : (tensor<2x16x128xf32>) -> (tensor<2x16x128xf32>, tensor<2x16x128xf32>, tensor<2x16x1xf32>)
    %577 = "stablehlo.broadcast_in_dim"(%arg83) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %578:2 = "func.call"(%576#0, %577) <{callee = @take_along_axis}> : (tensor<2x16x128xf32>, tensor<2x16x1xi32>) -> (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>)
    %579 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %580 = "stablehlo.reduce"(%578#0, %579) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg142: tensor<f32>, %arg143: tensor<f32>):
      %1124 = "stablehlo.add"(%arg142, %arg143) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1124) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<f32>
    %581 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %582 = "stablehlo.divide"(%580, %581) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %583 = "stablehlo.negate"(%582) : (tensor<f32>) -> tensor<f32>
    %584 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %585 = "stablehlo.negate"(%584) : (tensor<f32>) -> tensor<f32>
    %586 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %587 = "stablehlo.divide"(%585, %586) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %588 = "stablehlo.broadcast_in_dim"(%587) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %589 = "func.call"(%578#1, %588) <{callee = @take_along_axis_4}> : (tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    %590 = "func.call"(%576#1, %576#2, %589) <{callee = @log_softmax_5}> : (tensor<2x16x128xf32>, tensor<2x16x1xf32>, tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %591 = "stablehlo.dot_general"(%590, %574) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x128xf32>, tensor<2x16x64xf32>) -> tensor<128x64xf32>
    %592 = "stablehlo.transpose"(%591) <{permutation = array<i64: 1, 0>}> : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %593 = "stablehlo.dot_general"(%590, %arg80) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x128xf32>, tensor<64x128xf32>) -> tensor<2x16x64xf32>
    %594 = "stablehlo.multiply"(%561, %593) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %595 = "stablehlo.multiply"(%593, %573) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %596 = "stablehlo.broadcast_in_dim"(%565) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %597 = "stablehlo.multiply"(%596, %594) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %598 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %599 = "stablehlo.reduce"(%597, %598) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg140: tensor<f32>, %arg141: tensor<f32>):
      %1123 = "stablehlo.add"(%arg140, %arg141) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1123) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %600 = "stablehlo.reshape"(%599) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %601 = "stablehlo.broadcast_in_dim"(%570) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %602 = "stablehlo.multiply"(%594, %601) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %603 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %604 = "stablehlo.reduce"(%602, %603) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg138: tensor<f32>, %arg139: tensor<f32>):
      %1122 = "stablehlo.add"(%arg138, %arg139) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1122) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %605 = "stablehlo.reshape"(%604) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %606 = "stablehlo.reshape"(%600) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %607 = "stablehlo.multiply"(%605, %569) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %608 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %609 = "stablehlo.reduce"(%607, %608) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg136: tensor<f32>, %arg137: tensor<f32>):
      %1121 = "stablehlo.add"(%arg136, %arg137) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1121) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %610 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %611 = "stablehlo.broadcast_in_dim"(%610) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %612 = "stablehlo.divide"(%609, %611) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %613 = "stablehlo.broadcast_in_dim"(%612) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %614 = "stablehlo.multiply"(%613, %550) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %615 = "stablehlo.add"(%595, %614) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %616 = "stablehlo.reshape"(%615) : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %617 = "stablehlo.dot_general"(%616, %542) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<32x96xf32>) -> tensor<64x96xf32>
    %618 = "stablehlo.transpose"(%617) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xf32>) -> tensor<96x64xf32>
    %619 = "stablehlo.dot_general"(%616, %arg70) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<96x64xf32>) -> tensor<32x96xf32>
    %620 = "stablehlo.multiply"(%540#0, %619) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %621 = "stablehlo.multiply"(%619, %541) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %622 = "stablehlo.dot_general"(%620, %479) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<32x64xf32>) -> tensor<96x64xf32>
    %623 = "stablehlo.transpose"(%622) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %624 = "stablehlo.dot_general"(%620, %arg71) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<64x96xf32>) -> tensor<32x64xf32>
    %625 = "func.call"(%540#1, %540#2, %539, %621) <{callee = @silu_6}> : (tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %626 = "stablehlo.dot_general"(%625, %479) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<32x64xf32>) -> tensor<96x64xf32>
    %627 = "stablehlo.transpose"(%626) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %628 = "stablehlo.dot_general"(%625, %arg69) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<64x96xf32>) -> tensor<32x64xf32>
    %629 = "stablehlo.add"(%624, %628) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %630 = "stablehlo.dot_general"(%616, %531) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<32x4x16xf32>) -> tensor<64x4x16xf32>
    %631 = "stablehlo.transpose"(%630) <{permutation = array<i64: 1, 2, 0>}> : (tensor<64x4x16xf32>) -> tensor<4x16x64xf32>
    %632 = "stablehlo.dot_general"(%616, %537) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<4x16x64xf32>) -> tensor<32x4x16xf32>
    %633 = "stablehlo.dot_general"(%631, %536) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x96xf32>) -> tensor<4x64x96xf32>
    %634 = "stablehlo.transpose"(%633) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x96xf32>) -> tensor<4x96x64xf32>
    %635 = "stablehlo.dot_general"(%631, %arg73) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x96x64xf32>) -> tensor<4x16x96xf32>
    %636 = "stablehlo.multiply"(%534#0, %635) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %637 = "stablehlo.multiply"(%635, %535) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %638 = "stablehlo.dot_general"(%636, %532) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<4x96x64xf32>
    %639 = "stablehlo.transpose"(%638) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %640 = "stablehlo.dot_general"(%636, %arg74) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x64x96xf32>) -> tensor<4x16x64xf32>
    %641 = "func.call"(%534#1, %534#2, %533, %637) <{callee = @silu_7}> : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %642 = "stablehlo.dot_general"(%641, %532) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<4x96x64xf32>
    %643 = "stablehlo.transpose"(%642) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %644 = "stablehlo.dot_general"(%641, %arg72) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x64x96xf32>) -> tensor<4x16x64xf32>
    %645 = "stablehlo.add"(%640, %644) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %646 = "stablehlo.dot_general"(%645, %529) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<32x4x16xf32>) -> tensor<64x32xf32>
    %647 = "stablehlo.transpose"(%646) <{permutation = array<i64: 1, 0>}> : (tensor<64x32xf32>) -> tensor<32x64xf32>
    %648 = "stablehlo.add"(%629, %647) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %649 = "stablehlo.dot_general"(%632, %526) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4x16xf32>, tensor<32x2x4xf32>) -> tensor<32x16x2xf32>
    %650 = "stablehlo.transpose"(%649) <{permutation = array<i64: 0, 2, 1>}> : (tensor<32x16x2xf32>) -> tensor<32x2x16xf32>
    %651 = "stablehlo.dot_general"(%650, %528) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2xf32>
    %652 = "stablehlo.broadcast_in_dim"(%509) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x2xf32>
    %653 = "stablehlo.multiply"(%651, %652) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %654 = "stablehlo.multiply"(%653, %499#0) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %655 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %656 = "stablehlo.reduce"(%654, %655) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg134: tensor<f32>, %arg135: tensor<f32>):
      %1120 = "stablehlo.add"(%arg134, %arg135) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1120) : (tensor<f32>) -> ()
    }) : (tensor<32x2xf32>, tensor<f32>) -> tensor<32xf32>
    %657 = "stablehlo.reshape"(%656) : (tensor<32xf32>) -> tensor<32x1xf32>
    %658 = "stablehlo.negate"(%657) : (tensor<32x1xf32>) -> tensor<32x1xf32>
    %659 = "stablehlo.broadcast_in_dim"(%503) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x2xf32>
    %660 = "stablehlo.divide"(%651, %659) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %661 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %662 = "stablehlo.reduce"(%658, %661) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg132: tensor<f32>, %arg133: tensor<f32>):
      %1119 = "stablehlo.add"(%arg132, %arg133) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1119) : (tensor<f32>) -> ()
    }) : (tensor<32x1xf32>, tensor<f32>) -> tensor<32xf32>
    %663 = "stablehlo.broadcast_in_dim"(%662) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x2xf32>
    %664 = "stablehlo.add"(%660, %663) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %665 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %666 = "stablehlo.broadcast_in_dim"(%665) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x4xf32>
    %667 = "stablehlo.scatter"(%666, %500, %664) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg130: tensor<f32>, %arg131: tensor<f32>):
      %1118 = "stablehlo.add"(%arg130, %arg131) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1118) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<32x2x1xi32>, tensor<32x2xf32>) -> tensor<32x4xf32>
    %668 = "stablehlo.broadcast_in_dim"(%498) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %669 = "stablehlo.multiply"(%667, %668) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %670 = "stablehlo.multiply"(%669, %489) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %671 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %672 = "stablehlo.reduce"(%670, %671) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg128: tensor<f32>, %arg129: tensor<f32>):
      %1117 = "stablehlo.add"(%arg128, %arg129) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1117) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<f32>) -> tensor<32xf32>
    %673 = "stablehlo.reshape"(%672) : (tensor<32xf32>) -> tensor<32x1xf32>
    %674 = "stablehlo.negate"(%673) : (tensor<32x1xf32>) -> tensor<32x1xf32>
    %675 = "stablehlo.broadcast_in_dim"(%492) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %676 = "stablehlo.divide"(%667, %675) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %677 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %678 = "stablehlo.reduce"(%674, %677) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg126: tensor<f32>, %arg127: tensor<f32>):
      %1116 = "stablehlo.add"(%arg126, %arg127) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1116) : (tensor<f32>) -> ()
    }) : (tensor<32x1xf32>, tensor<f32>) -> tensor<32xf32>
    %679 = "stablehlo.broadcast_in_dim"(%678) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x4xf32>
    %680 = "stablehlo.add"(%676, %679) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %681 = "stablehlo.multiply"(%680, %489) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %682 = "stablehlo.dot_general"(%681, %479) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4xf32>, tensor<32x64xf32>) -> tensor<4x64xf32>
    %683 = "stablehlo.transpose"(%682) <{permutation = array<i64: 1, 0>}> : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %684 = "stablehlo.dot_general"(%681, %arg68) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4xf32>, tensor<64x4xf32>) -> tensor<32x64xf32>
    %685 = "stablehlo.add"(%648, %684) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %686 = "stablehlo.reshape"(%685) : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %687 = "stablehlo.multiply"(%465, %686) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %688 = "stablehlo.multiply"(%686, %477) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %689 = "stablehlo.broadcast_in_dim"(%469) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %690 = "stablehlo.multiply"(%689, %687) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %691 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %692 = "stablehlo.reduce"(%690, %691) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg124: tensor<f32>, %arg125: tensor<f32>):
      %1115 = "stablehlo.add"(%arg124, %arg125) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1115) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %693 = "stablehlo.reshape"(%692) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %694 = "stablehlo.broadcast_in_dim"(%474) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %695 = "stablehlo.multiply"(%687, %694) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %696 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %697 = "stablehlo.reduce"(%695, %696) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg122: tensor<f32>, %arg123: tensor<f32>):
      %1114 = "stablehlo.add"(%arg122, %arg123) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1114) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %698 = "stablehlo.reshape"(%697) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %699 = "stablehlo.reshape"(%693) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %700 = "stablehlo.multiply"(%698, %473) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %701 = "stablehlo.add"(%615, %688) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %702 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %703 = "stablehlo.reduce"(%700, %702) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg120: tensor<f32>, %arg121: tensor<f32>):
      %1113 = "stablehlo.add"(%arg120, %arg121) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1113) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %704 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %705 = "stablehlo.broadcast_in_dim"(%704) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %706 = "stablehlo.divide"(%703, %705) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %707 = "stablehlo.broadcast_in_dim"(%706) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %708 = "stablehlo.multiply"(%707, %454) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %709 = "stablehlo.add"(%701, %708) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %710 = "stablehlo.dot_general"(%709, %448) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %711 = "stablehlo.transpose"(%710) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %712 = "stablehlo.dot_general"(%709, %arg76) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %713 = "stablehlo.reshape"(%712) : (tensor<2x16x64xf32>) -> tensor<2x16x2x2x16xf32>
    %714 = "stablehlo.transpose"(%713) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<2x16x2x2x16xf32>) -> tensor<2x2x16x2x16xf32>
    %715 = "stablehlo.dot_general"(%714, %416) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x2x2x16x16xf32>
    %716 = "stablehlo.dot_general"(%714, %441) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
    %717 = "stablehlo.transpose"(%716) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x2x16x16xf32>) -> tensor<2x16x2x16xf32>
    %718 = "stablehlo.broadcast_in_dim"(%445) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %719 = "stablehlo.multiply"(%715, %718) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %720 = "stablehlo.multiply"(%719, %436) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %721 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %722 = "stablehlo.reduce"(%720, %721) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg118: tensor<f32>, %arg119: tensor<f32>):
      %1112 = "stablehlo.add"(%arg118, %arg119) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1112) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %723 = "stablehlo.reshape"(%722) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %724 = "stablehlo.negate"(%723) : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x1xf32>
    %725 = "stablehlo.broadcast_in_dim"(%439) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %726 = "stablehlo.divide"(%715, %725) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %727 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %728 = "stablehlo.reduce"(%724, %727) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg116: tensor<f32>, %arg117: tensor<f32>):
      %1111 = "stablehlo.add"(%arg116, %arg117) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1111) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x1xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %729 = "stablehlo.broadcast_in_dim"(%728) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x16xf32>
    %730 = "stablehlo.add"(%726, %729) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %731 = "stablehlo.multiply"(%730, %436) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %732 = "func.call"(%427#1, %731) <{callee = @_where_8}> : (tensor<2x2x2x16x16xi1>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %733 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %734 = "stablehlo.broadcast_in_dim"(%733) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x16xf32>
    %735 = "stablehlo.divide"(%732, %734) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %736 = "stablehlo.transpose"(%735) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x2x16x16xf32>) -> tensor<2x2x16x16x2xf32>
    %737 = "stablehlo.dot_general"(%736, %414) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x16x2xf32>, tensor<2x16x2x16xf32>) -> tensor<2x2x16x2x16xf32>
    %738 = "stablehlo.transpose"(%737) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<2x2x16x2x16xf32>) -> tensor<2x16x2x2x16xf32>
    %739 = "stablehlo.dot_general"(%736, %417) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x16x2xf32>, tensor<2x16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
    %740 = "stablehlo.transpose"(%739) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x2x16x16xf32>) -> tensor<2x16x2x16xf32>
    %741 = "stablehlo.reshape"(%738) : (tensor<2x16x2x2x16xf32>) -> tensor<2x16x4x16xf32>
    %742 = "stablehlo.reshape"(%717) : (tensor<2x16x2x16xf32>) -> tensor<2x16x32xf32>
    %743 = "stablehlo.dot_general"(%742, %388) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %744 = "stablehlo.transpose"(%743) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %745 = "stablehlo.dot_general"(%742, %arg78) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<64x32xf32>) -> tensor<2x16x64xf32>
    %746 = "stablehlo.broadcast_in_dim"(%411) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %747 = "stablehlo.multiply"(%740, %746) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %748 = "stablehlo.broadcast_in_dim"(%408) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %749 = "stablehlo.multiply"(%740, %748) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %750 = "stablehlo.slice"(%747) <{limit_indices = array<i64: 2, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %751 = "stablehlo.slice"(%747) <{limit_indices = array<i64: 2, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %752 = "stablehlo.negate"(%750) : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x8xf32>
    %753 = "stablehlo.concatenate"(%751, %752) <{dimension = 3 : i64}> : (tensor<2x16x2x8xf32>, tensor<2x16x2x8xf32>) -> tensor<2x16x2x16xf32>
    %754 = "stablehlo.add"(%749, %753) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %755 = "stablehlo.reshape"(%754) : (tensor<2x16x2x16xf32>) -> tensor<2x16x32xf32>
    %756 = "stablehlo.dot_general"(%755, %388) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %757 = "stablehlo.transpose"(%756) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %758 = "stablehlo.dot_general"(%755, %arg75) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<64x32xf32>) -> tensor<2x16x64xf32>
    %759 = "stablehlo.add"(%745, %758) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %760 = "stablehlo.broadcast_in_dim"(%398) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %761 = "stablehlo.multiply"(%741, %760) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %762 = "stablehlo.broadcast_in_dim"(%395) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %763 = "stablehlo.multiply"(%741, %762) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %764 = "stablehlo.slice"(%761) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %765 = "stablehlo.slice"(%761) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %766 = "stablehlo.negate"(%764) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %767 = "stablehlo.concatenate"(%765, %766) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %768 = "stablehlo.add"(%763, %767) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %769 = "stablehlo.reshape"(%768) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %770 = "stablehlo.dot_general"(%769, %388) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %771 = "stablehlo.transpose"(%770) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %772 = "stablehlo.dot_general"(%769, %arg77) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %773 = "stablehlo.add"(%759, %772) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %774 = "stablehlo.multiply"(%375, %773) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %775 = "stablehlo.multiply"(%773, %387) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %776 = "stablehlo.broadcast_in_dim"(%379) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %777 = "stablehlo.multiply"(%776, %774) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %778 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %779 = "stablehlo.reduce"(%777, %778) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg114: tensor<f32>, %arg115: tensor<f32>):
      %1110 = "stablehlo.add"(%arg114, %arg115) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1110) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %780 = "stablehlo.reshape"(%779) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %781 = "stablehlo.broadcast_in_dim"(%384) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %782 = "stablehlo.multiply"(%774, %781) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %783 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %784 = "stablehlo.reduce"(%782, %783) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg112: tensor<f32>, %arg113: tensor<f32>):
      %1109 = "stablehlo.add"(%arg112, %arg113) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1109) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %785 = "stablehlo.reshape"(%784) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %786 = "stablehlo.reshape"(%780) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %787 = "stablehlo.multiply"(%785, %383) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %788 = "stablehlo.add"(%709, %775) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %789 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %790 = "stablehlo.reduce"(%787, %789) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg110: tensor<f32>, %arg111: tensor<f32>):
      %1108 = "stablehlo.add"(%arg110, %arg111) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1108) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %791 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %792 = "stablehlo.broadcast_in_dim"(%791) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %793 = "stablehlo.divide"(%790, %792) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %794 = "stablehlo.broadcast_in_dim"(%793) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %795 = "stablehlo.multiply"(%794, %364) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %796 = "stablehlo.add"(%788, %795) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %797 = "stablehlo.reshape"(%796) : (tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %798 = "stablehlo.dot_general"(%797, %356) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<32x96xf32>) -> tensor<64x96xf32>
    %799 = "stablehlo.transpose"(%798) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xf32>) -> tensor<96x64xf32>
    %800 = "stablehlo.dot_general"(%797, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<96x64xf32>) -> tensor<32x96xf32>
    %801 = "stablehlo.multiply"(%354#0, %800) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %802 = "stablehlo.multiply"(%800, %355) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %803 = "stablehlo.dot_general"(%801, %293) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<32x64xf32>) -> tensor<96x64xf32>
    %804 = "stablehlo.transpose"(%803) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %805 = "stablehlo.dot_general"(%801, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<64x96xf32>) -> tensor<32x64xf32>
    %806 = "func.call"(%354#1, %354#2, %353, %802) <{callee = @silu_6}> : (tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %807 = "stablehlo.dot_general"(%806, %293) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<32x64xf32>) -> tensor<96x64xf32>
    %808 = "stablehlo.transpose"(%807) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %809 = "stablehlo.dot_general"(%806, %arg56) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x96xf32>, tensor<64x96xf32>) -> tensor<32x64xf32>
    %810 = "stablehlo.add"(%805, %809) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %811 = "stablehlo.dot_general"(%797, %345) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<32x4x16xf32>) -> tensor<64x4x16xf32>
    %812 = "stablehlo.transpose"(%811) <{permutation = array<i64: 1, 2, 0>}> : (tensor<64x4x16xf32>) -> tensor<4x16x64xf32>
    %813 = "stablehlo.dot_general"(%797, %351) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x64xf32>, tensor<4x16x64xf32>) -> tensor<32x4x16xf32>
    %814 = "stablehlo.dot_general"(%812, %350) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x96xf32>) -> tensor<4x64x96xf32>
    %815 = "stablehlo.transpose"(%814) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x96xf32>) -> tensor<4x96x64xf32>
    %816 = "stablehlo.dot_general"(%812, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x96x64xf32>) -> tensor<4x16x96xf32>
    %817 = "stablehlo.multiply"(%348#0, %816) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %818 = "stablehlo.multiply"(%816, %349) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %819 = "stablehlo.dot_general"(%817, %346) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<4x96x64xf32>
    %820 = "stablehlo.transpose"(%819) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %821 = "stablehlo.dot_general"(%817, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x64x96xf32>) -> tensor<4x16x64xf32>
    %822 = "func.call"(%348#1, %348#2, %347, %818) <{callee = @silu_7}> : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %823 = "stablehlo.dot_general"(%822, %346) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<4x96x64xf32>
    %824 = "stablehlo.transpose"(%823) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %825 = "stablehlo.dot_general"(%822, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x64x96xf32>) -> tensor<4x16x64xf32>
    %826 = "stablehlo.add"(%821, %825) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %827 = "stablehlo.dot_general"(%826, %343) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<32x4x16xf32>) -> tensor<64x32xf32>
    %828 = "stablehlo.transpose"(%827) <{permutation = array<i64: 1, 0>}> : (tensor<64x32xf32>) -> tensor<32x64xf32>
    %829 = "stablehlo.add"(%810, %828) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %830 = "stablehlo.dot_general"(%813, %340) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4x16xf32>, tensor<32x2x4xf32>) -> tensor<32x16x2xf32>
    %831 = "stablehlo.transpose"(%830) <{permutation = array<i64: 0, 2, 1>}> : (tensor<32x16x2xf32>) -> tensor<32x2x16xf32>
    %832 = "stablehlo.dot_general"(%831, %342) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x2x16xf32>, tensor<32x2x16xf32>) -> tensor<32x2xf32>
    %833 = "stablehlo.broadcast_in_dim"(%323) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x2xf32>
    %834 = "stablehlo.multiply"(%832, %833) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %835 = "stablehlo.multiply"(%834, %313#0) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %836 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %837 = "stablehlo.reduce"(%835, %836) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg108: tensor<f32>, %arg109: tensor<f32>):
      %1107 = "stablehlo.add"(%arg108, %arg109) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1107) : (tensor<f32>) -> ()
    }) : (tensor<32x2xf32>, tensor<f32>) -> tensor<32xf32>
    %838 = "stablehlo.reshape"(%837) : (tensor<32xf32>) -> tensor<32x1xf32>
    %839 = "stablehlo.negate"(%838) : (tensor<32x1xf32>) -> tensor<32x1xf32>
    %840 = "stablehlo.broadcast_in_dim"(%317) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x2xf32>
    %841 = "stablehlo.divide"(%832, %840) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %842 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %843 = "stablehlo.reduce"(%839, %842) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg106: tensor<f32>, %arg107: tensor<f32>):
      %1106 = "stablehlo.add"(%arg106, %arg107) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1106) : (tensor<f32>) -> ()
    }) : (tensor<32x1xf32>, tensor<f32>) -> tensor<32xf32>
    %844 = "stablehlo.broadcast_in_dim"(%843) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x2xf32>
    %845 = "stablehlo.add"(%841, %844) : (tensor<32x2xf32>, tensor<32x2xf32>) -> tensor<32x2xf32>
    %846 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %847 = "stablehlo.broadcast_in_dim"(%846) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x4xf32>
    %848 = "stablehlo.scatter"(%847, %314, %845) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg104: tensor<f32>, %arg105: tensor<f32>):
      %1105 = "stablehlo.add"(%arg104, %arg105) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1105) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<32x2x1xi32>, tensor<32x2xf32>) -> tensor<32x4xf32>
    %849 = "stablehlo.broadcast_in_dim"(%312) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %850 = "stablehlo.multiply"(%848, %849) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %851 = "stablehlo.multiply"(%850, %303) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %852 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %853 = "stablehlo.reduce"(%851, %852) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg102: tensor<f32>, %arg103: tensor<f32>):
      %1104 = "stablehlo.add"(%arg102, %arg103) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1104) : (tensor<f32>) -> ()
    }) : (tensor<32x4xf32>, tensor<f32>) -> tensor<32xf32>
    %854 = "stablehlo.reshape"(%853) : (tensor<32xf32>) -> tensor<32x1xf32>
    %855 = "stablehlo.negate"(%854) : (tensor<32x1xf32>) -> tensor<32x1xf32>
    %856 = "stablehlo.broadcast_in_dim"(%306) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x1xf32>) -> tensor<32x4xf32>
    %857 = "stablehlo.divide"(%848, %856) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %858 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %859 = "stablehlo.reduce"(%855, %858) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg100: tensor<f32>, %arg101: tensor<f32>):
      %1103 = "stablehlo.add"(%arg100, %arg101) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1103) : (tensor<f32>) -> ()
    }) : (tensor<32x1xf32>, tensor<f32>) -> tensor<32xf32>
    %860 = "stablehlo.broadcast_in_dim"(%859) <{broadcast_dimensions = array<i64: 0>}> : (tensor<32xf32>) -> tensor<32x4xf32>
    %861 = "stablehlo.add"(%857, %860) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %862 = "stablehlo.multiply"(%861, %303) : (tensor<32x4xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %863 = "stablehlo.dot_general"(%862, %293) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4xf32>, tensor<32x64xf32>) -> tensor<4x64xf32>
    %864 = "stablehlo.transpose"(%863) <{permutation = array<i64: 1, 0>}> : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %865 = "stablehlo.dot_general"(%862, %arg55) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x4xf32>, tensor<64x4xf32>) -> tensor<32x64xf32>
    %866 = "stablehlo.add"(%829, %865) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %867 = "stablehlo.reshape"(%866) : (tensor<32x64xf32>) -> tensor<2x16x64xf32>
    %868 = "stablehlo.multiply"(%279, %867) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %869 = "stablehlo.multiply"(%867, %291) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %870 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %871 = "stablehlo.multiply"(%870, %868) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %872 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %873 = "stablehlo.reduce"(%871, %872) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg98: tensor<f32>, %arg99: tensor<f32>):
      %1102 = "stablehlo.add"(%arg98, %arg99) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1102) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %874 = "stablehlo.reshape"(%873) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %875 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %876 = "stablehlo.multiply"(%868, %875) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %877 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %878 = "stablehlo.reduce"(%876, %877) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg96: tensor<f32>, %arg97: tensor<f32>):
      %1101 = "stablehlo.add"(%arg96, %arg97) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1101) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %879 = "stablehlo.reshape"(%878) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %880 = "stablehlo.reshape"(%874) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %881 = "stablehlo.multiply"(%879, %287) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %882 = "stablehlo.add"(%796, %869) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %883 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %884 = "stablehlo.reduce"(%881, %883) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg94: tensor<f32>, %arg95: tensor<f32>):
      %1100 = "stablehlo.add"(%arg94, %arg95) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1100) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %885 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %886 = "stablehlo.broadcast_in_dim"(%885) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %887 = "stablehlo.divide"(%884, %886) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %888 = "stablehlo.broadcast_in_dim"(%887) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %889 = "stablehlo.multiply"(%888, %268) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %890 = "stablehlo.add"(%882, %889) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %891 = "stablehlo.dot_general"(%890, %262) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %892 = "stablehlo.transpose"(%891) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %893 = "stablehlo.dot_general"(%890, %arg63) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %894 = "stablehlo.reshape"(%893) : (tensor<2x16x64xf32>) -> tensor<2x16x2x2x16xf32>
    %895 = "stablehlo.transpose"(%894) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<2x16x2x2x16xf32>) -> tensor<2x2x16x2x16xf32>
    %896 = "stablehlo.dot_general"(%895, %230) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x2x2x16x16xf32>
    %897 = "stablehlo.dot_general"(%895, %255) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x2x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x16x16xf32>
    %898 = "stablehlo.transpose"(%897) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<2x2x16x16xf32>) -> tensor<2x16x2x16xf32>
    %899 = "stablehlo.broadcast_in_dim"(%259) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %900 = "stablehlo.multiply"(%896, %899) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %901 = "stablehlo.multiply"(%900, %250) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %902 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %903 = "stablehlo.reduce"(%901, %902) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg92: tensor<f32>, %arg93: tensor<f32>):
      %1099 = "stablehlo.add"(%arg92, %arg93) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1099) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %904 = "stablehlo.reshape"(%903) : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %905 = "stablehlo.negate"(%904) : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x1xf32>
    %906 = "stablehlo.broadcast_in_dim"(%253) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %907 = "stablehlo.divide"(%896, %906) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %908 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %909 = "stablehlo.reduce"(%905, %908) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg90: tensor<f32>, %arg91: tensor<f32>):
      %1098 = "stablehlo.add"(%arg90, %arg91) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1098) : (tensor<f32>) -> ()
    }) : (tensor<2x2x2x16x1xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %910 = "stablehlo.broadcast_in_dim"(%909) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x16xf32>
    %911 = "stablehlo.add"(%907, %910) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %912 = "stablehlo.multiply"(%911, %250) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %913 = "func.call"(%241#1, %912) <{callee = @_where_8}> : (tensor<2x2x2x16x16xi1>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %914 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %915 = "stablehlo.broadcast_in_dim"(%914) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x16xf32>
    %916 = "stablehlo.divide"(%913, %915) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    %917 = "stablehlo.transpose"(%916) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<2x2x2x16x16xf32>) -> tensor<2x2x16x16x2xf32>
    %918 = "stablehlo.dot_general"(%917, %228) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x16x2xf32>, tensor<2x16x2x16xf32>) -> tensor<2x2x16x2x16xf32>
    %919 = "stablehlo.transpose"(%918) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<2x2x16x2x16xf32>) -> tensor<2x16x2x2x16xf32>
    %920 = "stablehlo.dot_general"(%917, %231) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x2x16x16x2xf32>, tensor<2x16x2x2x16xf32>) -> tensor<2x2x16x16xf32>
    %921 = "stablehlo.transpose"(%920) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<2x2x16x16xf32>) -> tensor<2x16x2x16xf32>
    %922 = "stablehlo.reshape"(%919) : (tensor<2x16x2x2x16xf32>) -> tensor<2x16x4x16xf32>
    %923 = "stablehlo.reshape"(%898) : (tensor<2x16x2x16xf32>) -> tensor<2x16x32xf32>
    %924 = "stablehlo.dot_general"(%923, %202) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %925 = "stablehlo.transpose"(%924) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %926 = "stablehlo.dot_general"(%923, %arg65) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<64x32xf32>) -> tensor<2x16x64xf32>
    %927 = "stablehlo.broadcast_in_dim"(%225) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %928 = "stablehlo.multiply"(%921, %927) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %929 = "stablehlo.broadcast_in_dim"(%222) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x2x16xf32>
    %930 = "stablehlo.multiply"(%921, %929) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %931 = "stablehlo.slice"(%928) <{limit_indices = array<i64: 2, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %932 = "stablehlo.slice"(%928) <{limit_indices = array<i64: 2, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x2x16xf32>) -> tensor<2x16x2x8xf32>
    %933 = "stablehlo.negate"(%931) : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x8xf32>
    %934 = "stablehlo.concatenate"(%932, %933) <{dimension = 3 : i64}> : (tensor<2x16x2x8xf32>, tensor<2x16x2x8xf32>) -> tensor<2x16x2x16xf32>
    %935 = "stablehlo.add"(%930, %934) : (tensor<2x16x2x16xf32>, tensor<2x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %936 = "stablehlo.reshape"(%935) : (tensor<2x16x2x16xf32>) -> tensor<2x16x32xf32>
    %937 = "stablehlo.dot_general"(%936, %202) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<2x16x64xf32>) -> tensor<32x64xf32>
    %938 = "stablehlo.transpose"(%937) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %939 = "stablehlo.dot_general"(%936, %arg62) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x32xf32>, tensor<64x32xf32>) -> tensor<2x16x64xf32>
    %940 = "stablehlo.add"(%926, %939) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %941 = "stablehlo.broadcast_in_dim"(%212) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %942 = "stablehlo.multiply"(%922, %941) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %943 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<2x16x4x16xf32>
    %944 = "stablehlo.multiply"(%922, %943) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %945 = "stablehlo.slice"(%942) <{limit_indices = array<i64: 2, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %946 = "stablehlo.slice"(%942) <{limit_indices = array<i64: 2, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<2x16x4x16xf32>) -> tensor<2x16x4x8xf32>
    %947 = "stablehlo.negate"(%945) : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x8xf32>
    %948 = "stablehlo.concatenate"(%946, %947) <{dimension = 3 : i64}> : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x16x4x16xf32>
    %949 = "stablehlo.add"(%944, %948) : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x16xf32>
    %950 = "stablehlo.reshape"(%949) : (tensor<2x16x4x16xf32>) -> tensor<2x16x64xf32>
    %951 = "stablehlo.dot_general"(%950, %202) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<64x64xf32>
    %952 = "stablehlo.transpose"(%951) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %953 = "stablehlo.dot_general"(%950, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %954 = "stablehlo.add"(%940, %953) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %955 = "stablehlo.multiply"(%189, %954) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %956 = "stablehlo.multiply"(%954, %201) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %957 = "stablehlo.broadcast_in_dim"(%193) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %958 = "stablehlo.multiply"(%957, %955) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %959 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %960 = "stablehlo.reduce"(%958, %959) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg88: tensor<f32>, %arg89: tensor<f32>):
      %1097 = "stablehlo.add"(%arg88, %arg89) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1097) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %961 = "stablehlo.reshape"(%960) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %962 = "stablehlo.broadcast_in_dim"(%198) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %963 = "stablehlo.multiply"(%955, %962) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %964 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %965 = "stablehlo.reduce"(%963, %964) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg86: tensor<f32>, %arg87: tensor<f32>):
      %1096 = "stablehlo.add"(%arg86, %arg87) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1096) : (tensor<f32>) -> ()
    }) : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %966 = "stablehlo.reshape"(%965) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %967 = "stablehlo.reshape"(%961) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %968 = "stablehlo.multiply"(%966, %197) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %969 = "stablehlo.add"(%890, %956) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %970 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %971 = "stablehlo.reduce"(%968, %970) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg84: tensor<f32>, %arg85: tensor<f32>):
      %1095 = "stablehlo.add"(%arg84, %arg85) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1095) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %972 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %973 = "stablehlo.broadcast_in_dim"(%972) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %974 = "stablehlo.divide"(%971, %973) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %975 = "stablehlo.broadcast_in_dim"(%974) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x64xf32>
    %976 = "stablehlo.multiply"(%975, %178) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %977 = "stablehlo.add"(%969, %976) : (tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    %978 = "func.call"(%152#1, %977) <{callee = @_take_9}> : (tensor<2x16x1xi32>, tensor<2x16x64xf32>) -> tensor<128x64xf32>
    %979 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %980 = "stablehlo.broadcast_in_dim"(%979) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %981 = "stablehlo.multiply"(%980, %967) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %982 = "stablehlo.subtract"(%arg53, %981) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %983 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %984 = "stablehlo.broadcast_in_dim"(%983) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %985 = "stablehlo.multiply"(%984, %880) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %986 = "stablehlo.subtract"(%arg54, %985) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %987 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %988 = "stablehlo.broadcast_in_dim"(%987) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x4xf32>
    %989 = "stablehlo.multiply"(%988, %864) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %990 = "stablehlo.subtract"(%arg55, %989) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %991 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %992 = "stablehlo.broadcast_in_dim"(%991) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %993 = "stablehlo.multiply"(%992, %808) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %994 = "stablehlo.subtract"(%arg56, %993) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %995 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %996 = "stablehlo.broadcast_in_dim"(%995) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x64xf32>
    %997 = "stablehlo.multiply"(%996, %799) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %998 = "stablehlo.subtract"(%arg57, %997) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %999 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1000 = "stablehlo.broadcast_in_dim"(%999) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1001 = "stablehlo.multiply"(%1000, %804) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1002 = "stablehlo.subtract"(%arg58, %1001) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1003 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1004 = "stablehlo.broadcast_in_dim"(%1003) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1005 = "stablehlo.multiply"(%1004, %824) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1006 = "stablehlo.subtract"(%arg59, %1005) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1007 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1008 = "stablehlo.broadcast_in_dim"(%1007) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x96x64xf32>
    %1009 = "stablehlo.multiply"(%1008, %815) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1010 = "stablehlo.subtract"(%arg60, %1009) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1011 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1012 = "stablehlo.broadcast_in_dim"(%1011) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1013 = "stablehlo.multiply"(%1012, %820) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1014 = "stablehlo.subtract"(%arg61, %1013) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1015 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1016 = "stablehlo.broadcast_in_dim"(%1015) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1017 = "stablehlo.multiply"(%1016, %938) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1018 = "stablehlo.subtract"(%arg62, %1017) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1019 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1020 = "stablehlo.broadcast_in_dim"(%1019) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1021 = "stablehlo.multiply"(%1020, %892) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1022 = "stablehlo.subtract"(%arg63, %1021) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1023 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1024 = "stablehlo.broadcast_in_dim"(%1023) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1025 = "stablehlo.multiply"(%1024, %952) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1026 = "stablehlo.subtract"(%arg64, %1025) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1027 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1028 = "stablehlo.broadcast_in_dim"(%1027) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1029 = "stablehlo.multiply"(%1028, %925) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1030 = "stablehlo.subtract"(%arg65, %1029) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1031 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1032 = "stablehlo.broadcast_in_dim"(%1031) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1033 = "stablehlo.multiply"(%1032, %786) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1034 = "stablehlo.subtract"(%arg66, %1033) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1035 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1036 = "stablehlo.broadcast_in_dim"(%1035) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1037 = "stablehlo.multiply"(%1036, %699) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1038 = "stablehlo.subtract"(%arg67, %1037) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1039 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1040 = "stablehlo.broadcast_in_dim"(%1039) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x4xf32>
    %1041 = "stablehlo.multiply"(%1040, %683) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1042 = "stablehlo.subtract"(%arg68, %1041) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1043 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1044 = "stablehlo.broadcast_in_dim"(%1043) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1045 = "stablehlo.multiply"(%1044, %627) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1046 = "stablehlo.subtract"(%arg69, %1045) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1047 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1048 = "stablehlo.broadcast_in_dim"(%1047) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x64xf32>
    %1049 = "stablehlo.multiply"(%1048, %618) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1050 = "stablehlo.subtract"(%arg70, %1049) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1051 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1052 = "stablehlo.broadcast_in_dim"(%1051) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1053 = "stablehlo.multiply"(%1052, %623) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1054 = "stablehlo.subtract"(%arg71, %1053) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1055 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1056 = "stablehlo.broadcast_in_dim"(%1055) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1057 = "stablehlo.multiply"(%1056, %643) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1058 = "stablehlo.subtract"(%arg72, %1057) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1059 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1060 = "stablehlo.broadcast_in_dim"(%1059) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x96x64xf32>
    %1061 = "stablehlo.multiply"(%1060, %634) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1062 = "stablehlo.subtract"(%arg73, %1061) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1063 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1064 = "stablehlo.broadcast_in_dim"(%1063) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1065 = "stablehlo.multiply"(%1064, %639) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1066 = "stablehlo.subtract"(%arg74, %1065) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1067 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1068 = "stablehlo.broadcast_in_dim"(%1067) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1069 = "stablehlo.multiply"(%1068, %757) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1070 = "stablehlo.subtract"(%arg75, %1069) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1071 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1072 = "stablehlo.broadcast_in_dim"(%1071) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1073 = "stablehlo.multiply"(%1072, %711) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1074 = "stablehlo.subtract"(%arg76, %1073) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1075 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1076 = "stablehlo.broadcast_in_dim"(%1075) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1077 = "stablehlo.multiply"(%1076, %771) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1078 = "stablehlo.subtract"(%arg77, %1077) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1079 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1080 = "stablehlo.broadcast_in_dim"(%1079) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1081 = "stablehlo.multiply"(%1080, %744) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1082 = "stablehlo.subtract"(%arg78, %1081) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1083 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1084 = "stablehlo.broadcast_in_dim"(%1083) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1085 = "stablehlo.multiply"(%1084, %606) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1086 = "stablehlo.subtract"(%arg79, %1085) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1087 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1088 = "stablehlo.broadcast_in_dim"(%1087) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x128xf32>
    %1089 = "stablehlo.multiply"(%1088, %592) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %1090 = "stablehlo.subtract"(%arg80, %1089) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %1091 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1092 = "stablehlo.broadcast_in_dim"(%1091) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1093 = "stablehlo.multiply"(%1092, %978) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1094 = "stablehlo.subtract"(%arg81, %1093) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    "func.return"(%982, %986, %990, %994, %998, %1002, %1006, %1010, %1014, %1018, %1022, %1026, %1030, %1034, %1038, %1042, %1046, %1050, %1054, %1058, %1062, %1066, %1070, %1074, %1078, %1082, %1086, %1090, %1094, %583) : (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<128x64xf32>, tensor<2x16xi32>) -> (tensor<2x16x64xf32>, tensor<2x16x1xi32>), res_attrs = [{}, {}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg49: tensor<128x64xf32>, %arg50: tensor<2x16xi32>):
    %128 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %129 = "stablehlo.broadcast_in_dim"(%128) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16xi32>
    %130 = "stablehlo.compare"(%arg50, %129) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi1>
    %131 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %132 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16xi32>
    %133 = "stablehlo.add"(%arg50, %132) : (tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    %134 = "func.call"(%130, %133, %arg50) <{callee = @_where}> : (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    %135 = "stablehlo.broadcast_in_dim"(%134) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %136 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %137 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %138 = "stablehlo.broadcast_in_dim"(%137) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1xi32>
    %139 = "stablehlo.compare"(%135, %138) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %140 = "stablehlo.broadcast_in_dim"(%136) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %141 = "stablehlo.broadcast_in_dim"(%140) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<2x16x1xi32>
    %142 = "stablehlo.compare"(%135, %141) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %143 = "stablehlo.and"(%139, %142) : (tensor<2x16x1xi1>, tensor<2x16x1xi1>) -> tensor<2x16x1xi1>
    %144 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %145 = "stablehlo.reduce"(%143, %144) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg51: tensor<i1>, %arg52: tensor<i1>):
      %151 = "stablehlo.and"(%arg51, %arg52) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%151) : (tensor<i1>) -> ()
    }) : (tensor<2x16x1xi1>, tensor<i1>) -> tensor<2x16xi1>
    %146 = "stablehlo.gather"(%arg49, %135) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<128x64xf32>, tensor<2x16x1xi32>) -> tensor<2x16x64xf32>
    %147 = "stablehlo.broadcast_in_dim"(%145) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xi1>) -> tensor<2x16x64xi1>
    %148 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %149 = "stablehlo.broadcast_in_dim"(%148) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x64xf32>
    %150 = "stablehlo.select"(%147, %146, %149) : (tensor<2x16x64xi1>, tensor<2x16x64xf32>, tensor<2x16x64xf32>) -> tensor<2x16x64xf32>
    "func.return"(%150, %135) : (tensor<2x16x64xf32>, tensor<2x16x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg46: tensor<2x16xi1>, %arg47: tensor<2x16xi32>, %arg48: tensor<2x16xi32>):
    %127 = "stablehlo.select"(%arg46, %arg47, %arg48) : (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    "func.return"(%127) : (tensor<2x16xi32>) -> ()
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
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<16x16xi1>, tensor<2x2x2x16x16xf32>, tensor<f32>) -> (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xi1>), res_attrs = [{}, {}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg42: tensor<16x16xi1>, %arg43: tensor<2x2x2x16x16xf32>, %arg44: tensor<f32>):
    %114 = "stablehlo.convert"(%arg44) : (tensor<f32>) -> tensor<f32>
    %115 = "stablehlo.broadcast_in_dim"(%arg42) <{broadcast_dimensions = array<i64: 3, 4>}> : (tensor<16x16xi1>) -> tensor<2x2x2x16x16xi1>
    %116 = "stablehlo.broadcast_in_dim"(%114) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x16xf32>
    %117 = "stablehlo.select"(%115, %arg43, %116) : (tensor<2x2x2x16x16xi1>, tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    "func.return"(%117, %115) : (tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<32x2xi32>) -> tensor<32x2x4xf32>, res_attrs = [{}], sym_name = "_one_hot", sym_visibility = "private"}> ({
  ^bb0(%arg41: tensor<32x2xi32>):
    %108 = "stablehlo.broadcast_in_dim"(%arg41) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xi32>) -> tensor<32x2x1xi32>
    %109 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<1x1x4xi32>
    %110 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xi32>) -> tensor<32x2x4xi32>
    %111 = "stablehlo.broadcast_in_dim"(%109) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x4xi32>) -> tensor<32x2x4xi32>
    %112 = "stablehlo.compare"(%110, %111) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<32x2x4xi32>, tensor<32x2x4xi32>) -> tensor<32x2x4xi1>
    %113 = "stablehlo.convert"(%112) : (tensor<32x2x4xi1>) -> tensor<32x2x4xf32>
    "func.return"(%113) : (tensor<32x2x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<64x4xf32>) -> tensor<64x4xf32>, res_attrs = [{}], sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg40: tensor<64x4xf32>):
    %107 = "func.call"(%arg40) <{callee = @cumsum_1}> : (tensor<64x4xf32>) -> tensor<64x4xf32>
    "func.return"(%107) : (tensor<64x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<64x4xf32>) -> tensor<64x4xf32>, sym_name = "cumsum_1", sym_visibility = "private"}> ({
  ^bb0(%arg37: tensor<64x4xf32>):
    %103 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %104 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %105 = "stablehlo.reduce_window"(%arg37, %104) <{base_dilations = array<i64: 1, 1>, padding = dense<[[63, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 64, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg38: tensor<f32>, %arg39: tensor<f32>):
      %106 = "stablehlo.add"(%arg38, %arg39) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%106) : (tensor<f32>) -> ()
    }) : (tensor<64x4xf32>, tensor<f32>) -> tensor<64x4xf32>
    "func.return"(%105) : (tensor<64x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<32x2xi32>) -> tensor<32x2x16xf32>, res_attrs = [{}], sym_name = "_one_hot_2", sym_visibility = "private"}> ({
  ^bb0(%arg36: tensor<32x2xi32>):
    %97 = "stablehlo.broadcast_in_dim"(%arg36) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<32x2xi32>) -> tensor<32x2x1xi32>
    %98 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<1x1x16xi32>
    %99 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<32x2x1xi32>) -> tensor<32x2x16xi32>
    %100 = "stablehlo.broadcast_in_dim"(%98) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x16xi32>) -> tensor<32x2x16xi32>
    %101 = "stablehlo.compare"(%99, %100) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<32x2x16xi32>, tensor<32x2x16xi32>) -> tensor<32x2x16xi1>
    %102 = "stablehlo.convert"(%101) : (tensor<32x2x16xi1>) -> tensor<32x2x16xf32>
    "func.return"(%102) : (tensor<32x2x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>), res_attrs = [{}, {}, {}], sym_name = "silu", sym_visibility = "private"}> ({
  ^bb0(%arg35: tensor<4x16x96xf32>):
    %84 = "stablehlo.negate"(%arg35) : (tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %85 = "stablehlo.exponential"(%84) : (tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %86 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %87 = "stablehlo.broadcast_in_dim"(%86) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x96xf32>
    %88 = "stablehlo.add"(%87, %85) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %89 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %90 = "stablehlo.broadcast_in_dim"(%89) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x96xf32>
    %91 = "stablehlo.divide"(%90, %88) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %92 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %93 = "stablehlo.broadcast_in_dim"(%92) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x96xf32>
    %94 = "stablehlo.subtract"(%93, %91) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %95 = "stablehlo.multiply"(%91, %94) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %96 = "stablehlo.multiply"(%arg35, %91) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    "func.return"(%96, %95, %91) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<32x96xf32>) -> (tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>), res_attrs = [{}, {}, {}], sym_name = "silu_3", sym_visibility = "private"}> ({
  ^bb0(%arg34: tensor<32x96xf32>):
    %71 = "stablehlo.negate"(%arg34) : (tensor<32x96xf32>) -> tensor<32x96xf32>
    %72 = "stablehlo.exponential"(%71) : (tensor<32x96xf32>) -> tensor<32x96xf32>
    %73 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %74 = "stablehlo.broadcast_in_dim"(%73) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x96xf32>
    %75 = "stablehlo.add"(%74, %72) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %76 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %77 = "stablehlo.broadcast_in_dim"(%76) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x96xf32>
    %78 = "stablehlo.divide"(%77, %75) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %79 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %80 = "stablehlo.broadcast_in_dim"(%79) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<32x96xf32>
    %81 = "stablehlo.subtract"(%80, %78) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %82 = "stablehlo.multiply"(%78, %81) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %83 = "stablehlo.multiply"(%arg34, %78) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    "func.return"(%83, %82, %78) : (tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x16x128xf32>) -> (tensor<2x16x128xf32>, tensor<2x16x128xf32>, tensor<2x16x1xf32>), res_attrs = [{}, {}, {}], sym_name = "log_softmax", sym_visibility = "private"}> ({
  ^bb0(%arg29: tensor<2x16x128xf32>):
    %54 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %55 = "stablehlo.reduce"(%arg29, %54) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg32: tensor<f32>, %arg33: tensor<f32>):
      %70 = "stablehlo.maximum"(%arg32, %arg33) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%70) : (tensor<f32>) -> ()
    }) : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<2x16xf32>
    %56 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %57 = "stablehlo.broadcast_in_dim"(%56) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16xf32>
    %58 = "stablehlo.maximum"(%57, %55) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
    %59 = "stablehlo.broadcast_in_dim"(%58) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %60 = "stablehlo.broadcast_in_dim"(%59) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    %61 = "stablehlo.subtract"(%arg29, %60) : (tensor<2x16x128xf32>, tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %62 = "stablehlo.exponential"(%61) : (tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %63 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %64 = "stablehlo.reduce"(%62, %63) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg30: tensor<f32>, %arg31: tensor<f32>):
      %69 = "stablehlo.add"(%arg30, %arg31) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%69) : (tensor<f32>) -> ()
    }) : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<2x16xf32>
    %65 = "stablehlo.broadcast_in_dim"(%64) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %66 = "stablehlo.log"(%65) : (tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %67 = "stablehlo.broadcast_in_dim"(%66) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    %68 = "stablehlo.subtract"(%61, %67) : (tensor<2x16x128xf32>, tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    "func.return"(%68, %62, %65) : (tensor<2x16x128xf32>, tensor<2x16x128xf32>, tensor<2x16x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x16x128xf32>, tensor<2x16x1xi32>) -> (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>), res_attrs = [{}, {}], sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg25: tensor<2x16x128xf32>, %arg26: tensor<2x16x1xi32>):
    %31 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1xi32>
    %33 = "stablehlo.compare"(%arg26, %32) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %34 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %35 = "stablehlo.broadcast_in_dim"(%34) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1xi32>
    %36 = "stablehlo.add"(%arg26, %35) : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi32>
    %37 = "stablehlo.select"(%33, %36, %arg26) : (tensor<2x16x1xi1>, tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi32>
    %38 = "stablehlo.reshape"(%37) : (tensor<2x16x1xi32>) -> tensor<2x16x1x1xi32>
    %39 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %40 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %41 = "stablehlo.broadcast_in_dim"(%40) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<2x16x1x1xi32>
    %42 = "stablehlo.compare"(%38, %41) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<2x16x1x1xi32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1x1xi1>
    %43 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %44 = "stablehlo.broadcast_in_dim"(%43) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x1xi32>) -> tensor<2x16x1x1xi32>
    %45 = "stablehlo.compare"(%38, %44) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<2x16x1x1xi32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1x1xi1>
    %46 = "stablehlo.and"(%42, %45) : (tensor<2x16x1x1xi1>, tensor<2x16x1x1xi1>) -> tensor<2x16x1x1xi1>
    %47 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %48 = "stablehlo.reduce"(%46, %47) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg27: tensor<i1>, %arg28: tensor<i1>):
      %53 = "stablehlo.and"(%arg27, %arg28) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%53) : (tensor<i1>) -> ()
    }) : (tensor<2x16x1x1xi1>, tensor<i1>) -> tensor<2x16x1xi1>
    %49 = "stablehlo.gather"(%arg25, %38) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x16x128xf32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1xf32>
    %50 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.broadcast_in_dim"(%50) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x1xf32>
    %52 = "stablehlo.select"(%48, %49, %51) : (tensor<2x16x1xi1>, tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    "func.return"(%52, %38) : (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x128xf32>, res_attrs = [{}], sym_name = "take_along_axis_4", sym_visibility = "private"}> ({
  ^bb0(%arg21: tensor<2x16x1x1xi32>, %arg22: tensor<2x16x1xf32>):
    %27 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x16x128xf32>
    %29 = "stablehlo.scatter"(%28, %arg21, %arg22) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg23: tensor<f32>, %arg24: tensor<f32>):
      %30 = "stablehlo.add"(%arg23, %arg24) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%30) : (tensor<f32>) -> ()
    }) : (tensor<2x16x128xf32>, tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    "func.return"(%29) : (tensor<2x16x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x16x128xf32>, tensor<2x16x1xf32>, tensor<2x16x128xf32>) -> tensor<2x16x128xf32>, res_attrs = [{}], sym_name = "log_softmax_5", sym_visibility = "private"}> ({
  ^bb0(%arg14: tensor<2x16x128xf32>, %arg15: tensor<2x16x1xf32>, %arg16: tensor<2x16x128xf32>):
    %15 = "stablehlo.negate"(%arg16) : (tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %16 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %17 = "stablehlo.reduce"(%15, %16) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg19: tensor<f32>, %arg20: tensor<f32>):
      %26 = "stablehlo.add"(%arg19, %arg20) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<2x16xf32>
    %18 = "stablehlo.reshape"(%17) : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %19 = "stablehlo.divide"(%18, %arg15) : (tensor<2x16x1xf32>, tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %20 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.reduce"(%19, %20) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg17: tensor<f32>, %arg18: tensor<f32>):
      %25 = "stablehlo.add"(%arg17, %arg18) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%25) : (tensor<f32>) -> ()
    }) : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %22 = "stablehlo.broadcast_in_dim"(%21) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x16xf32>) -> tensor<2x16x128xf32>
    %23 = "stablehlo.multiply"(%22, %arg14) : (tensor<2x16x128xf32>, tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %24 = "stablehlo.add"(%arg16, %23) : (tensor<2x16x128xf32>, tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    "func.return"(%24) : (tensor<2x16x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>, res_attrs = [{}], sym_name = "silu_6", sym_visibility = "private"}> ({
  ^bb0(%arg10: tensor<32x96xf32>, %arg11: tensor<32x96xf32>, %arg12: tensor<32x96xf32>, %arg13: tensor<32x96xf32>):
    %11 = "stablehlo.multiply"(%arg12, %arg13) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %12 = "stablehlo.multiply"(%arg13, %arg11) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %13 = "stablehlo.multiply"(%11, %arg10) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %14 = "stablehlo.add"(%12, %13) : (tensor<32x96xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    "func.return"(%14) : (tensor<32x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>, res_attrs = [{}], sym_name = "silu_7", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<4x16x96xf32>, %arg7: tensor<4x16x96xf32>, %arg8: tensor<4x16x96xf32>, %arg9: tensor<4x16x96xf32>):
    %7 = "stablehlo.multiply"(%arg8, %arg9) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %8 = "stablehlo.multiply"(%arg9, %arg7) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %9 = "stablehlo.multiply"(%7, %arg6) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %10 = "stablehlo.add"(%8, %9) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    "func.return"(%10) : (tensor<4x16x96xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x2x2x16x16xi1>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>, res_attrs = [{}], sym_name = "_where_8", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<2x2x2x16x16xi1>, %arg5: tensor<2x2x2x16x16xf32>):
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x2x2x16x16xf32>
    %6 = "stablehlo.select"(%arg4, %arg5, %5) : (tensor<2x2x2x16x16xi1>, tensor<2x2x2x16x16xf32>, tensor<2x2x2x16x16xf32>) -> tensor<2x2x2x16x16xf32>
    "func.return"(%6) : (tensor<2x2x2x16x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x16x1xi32>, tensor<2x16x64xf32>) -> tensor<128x64xf32>, res_attrs = [{}], sym_name = "_take_9", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x16x1xi32>, %arg1: tensor<2x16x64xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %2 = "stablehlo.scatter"(%1, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<128x64xf32>, tensor<2x16x1xi32>, tensor<2x16x64xf32>) -> tensor<128x64xf32>
    "func.return"(%2) : (tensor<128x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
