"builtin.module"() <{sym_name = "jit_step"}> ({
  "func.func"() <{arg_attrs = [{tf.aliasing_output = 0 : i32}, {tf.aliasing_output = 1 : i32}, {tf.aliasing_output = 2 : i32}, {tf.aliasing_output = 3 : i32}, {tf.aliasing_output = 4 : i32}, {tf.aliasing_output = 5 : i32}, {tf.aliasing_output = 6 : i32}, {tf.aliasing_output = 7 : i32}, {tf.aliasing_output = 8 : i32}, {tf.aliasing_output = 9 : i32}, {tf.aliasing_output = 10 : i32}, {tf.aliasing_output = 11 : i32}, {tf.aliasing_output = 12 : i32}, {tf.aliasing_output = 13 : i32}, {tf.aliasing_output = 14 : i32}, {tf.aliasing_output = 15 : i32}, {tf.aliasing_output = 16 : i32}, {tf.aliasing_output = 17 : i32}, {tf.aliasing_output = 18 : i32}, {tf.aliasing_output = 19 : i32}, {tf.aliasing_output = 20 : i32}, {tf.aliasing_output = 21 : i32}, {tf.aliasing_output = 22 : i32}, {tf.aliasing_output = 23 : i32}, {tf.aliasing_output = 24 : i32}, {tf.aliasing_output = 25 : i32}, {tf.aliasing_output = 26 : i32}, {tf.aliasing_output = 27 : i32}, {tf.aliasing_output = 28 : i32}, {}, {}], function_type = (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<4x16xi32>, tensor<4x16xi32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>), res_attrs = [{jax.result_info = "result[0]['Block_0']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_0']['moe']['router']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w1']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w2']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['shared_0_w3']['kernel']"}, {jax.result_info = "result[0]['Block_0']['moe']['w1']"}, {jax.result_info = "result[0]['Block_0']['moe']['w2']"}, {jax.result_info = "result[0]['Block_0']['moe']['w3']"}, {jax.result_info = "result[0]['Block_0']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_0']['wv']['kernel']"}, {jax.result_info = "result[0]['Block_1']['attention_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['ffn_norm']['scale']"}, {jax.result_info = "result[0]['Block_1']['moe']['router']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w1']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w2']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['shared_0_w3']['kernel']"}, {jax.result_info = "result[0]['Block_1']['moe']['w1']"}, {jax.result_info = "result[0]['Block_1']['moe']['w2']"}, {jax.result_info = "result[0]['Block_1']['moe']['w3']"}, {jax.result_info = "result[0]['Block_1']['wk']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wo']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wq']['kernel']"}, {jax.result_info = "result[0]['Block_1']['wv']['kernel']"}, {jax.result_info = "result[0]['norm']['scale']"}, {jax.result_info = "result[0]['output']['kernel']"}, {jax.result_info = "result[0]['tok_embeddings']['embedding']"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg55: tensor<64xf32>, %arg56: tensor<64xf32>, %arg57: tensor<64x4xf32>, %arg58: tensor<64x96xf32>, %arg59: tensor<96x64xf32>, %arg60: tensor<64x96xf32>, %arg61: tensor<4x64x96xf32>, %arg62: tensor<4x96x64xf32>, %arg63: tensor<4x64x96xf32>, %arg64: tensor<64x32xf32>, %arg65: tensor<64x64xf32>, %arg66: tensor<64x64xf32>, %arg67: tensor<64x32xf32>, %arg68: tensor<64xf32>, %arg69: tensor<64xf32>, %arg70: tensor<64x4xf32>, %arg71: tensor<64x96xf32>, %arg72: tensor<96x64xf32>, %arg73: tensor<64x96xf32>, %arg74: tensor<4x64x96xf32>, %arg75: tensor<4x96x64xf32>, %arg76: tensor<4x64x96xf32>, %arg77: tensor<64x32xf32>, %arg78: tensor<64x64xf32>, %arg79: tensor<64x64xf32>, %arg80: tensor<64x32xf32>, %arg81: tensor<64xf32>, %arg82: tensor<64x128xf32>, %arg83: tensor<128x64xf32>, %arg84: tensor<4x16xi32>, %arg85: tensor<4x16xi32>):
    %149:2 = "func.call"(%arg83, %arg84) <{callee = @_take}> : (tensor<128x64xf32>, tensor<4x16xi32>) -> (tensor<4x16x64xf32>, tensor<4x16x1xi32>)
    %150 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<8xf32>
    %151 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %152 = "stablehlo.broadcast_in_dim"(%151) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %153 = "stablehlo.multiply"(%150, %152) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %154 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %155 = "stablehlo.broadcast_in_dim"(%154) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %156 = "stablehlo.divide"(%153, %155) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %157 = "stablehlo.constant"() <{value = dense<1.000000e+04> : tensor<f32>}> : () -> tensor<f32>
    %158 = "stablehlo.broadcast_in_dim"(%157) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %159 = "stablehlo.power"(%158, %156) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %160 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %161 = "stablehlo.broadcast_in_dim"(%160) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %162 = "stablehlo.divide"(%161, %159) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %163 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xf32>
    %164 = "stablehlo.broadcast_in_dim"(%163) <{broadcast_dimensions = array<i64: 0>}> : (tensor<16xf32>) -> tensor<16x1xf32>
    %165 = "stablehlo.broadcast_in_dim"(%162) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>) -> tensor<1x8xf32>
    %166 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %167 = "stablehlo.broadcast_in_dim"(%165) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x8xf32>) -> tensor<16x8xf32>
    %168 = "stablehlo.multiply"(%166, %167) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %169 = "stablehlo.concatenate"(%168, %168) <{dimension = 1 : i64}> : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
    %170 = "stablehlo.cosine"(%169) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %171 = "stablehlo.sine"(%169) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %172 = "chlo.square"(%149#0) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %173 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %174 = "stablehlo.broadcast_in_dim"(%173) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %175 = "stablehlo.multiply"(%174, %149#0) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %176 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %177 = "stablehlo.reduce"(%172, %176) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg214: tensor<f32>, %arg215: tensor<f32>):
      %1400 = "stablehlo.add"(%arg214, %arg215) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1400) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %178 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %179 = "stablehlo.broadcast_in_dim"(%178) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %180 = "stablehlo.divide"(%177, %179) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %181 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %182 = "stablehlo.broadcast_in_dim"(%181) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %183 = "stablehlo.broadcast_in_dim"(%182) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %184 = "stablehlo.broadcast_in_dim"(%180) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %185 = "stablehlo.broadcast_in_dim"(%183) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %186 = "stablehlo.subtract"(%149#0, %185) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %187 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %188 = "stablehlo.broadcast_in_dim"(%187) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %189 = "stablehlo.add"(%184, %188) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %190 = "stablehlo.rsqrt"(%189) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %191 = "stablehlo.divide"(%190, %189) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %192 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %193 = "stablehlo.broadcast_in_dim"(%192) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %194 = "stablehlo.multiply"(%193, %191) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %195 = "stablehlo.reshape"(%arg55) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %196 = "stablehlo.broadcast_in_dim"(%190) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %197 = "stablehlo.broadcast_in_dim"(%195) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %198 = "stablehlo.multiply"(%196, %197) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %199 = "stablehlo.multiply"(%186, %198) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %200 = "stablehlo.dot_general"(%199, %arg66) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %201 = "stablehlo.reshape"(%200) : (tensor<4x16x64xf32>) -> tensor<4x16x4x16xf32>
    %202 = "stablehlo.slice"(%201) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %203 = "stablehlo.slice"(%201) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %204 = "stablehlo.negate"(%203) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %205 = "stablehlo.concatenate"(%204, %202) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %206 = "stablehlo.broadcast_in_dim"(%170) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %207 = "stablehlo.broadcast_in_dim"(%206) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %208 = "stablehlo.multiply"(%201, %207) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %209 = "stablehlo.broadcast_in_dim"(%171) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %210 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %211 = "stablehlo.multiply"(%205, %210) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %212 = "stablehlo.add"(%208, %211) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %213 = "stablehlo.dot_general"(%199, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %214 = "stablehlo.reshape"(%213) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %215 = "stablehlo.slice"(%214) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %216 = "stablehlo.slice"(%214) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %217 = "stablehlo.negate"(%216) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %218 = "stablehlo.concatenate"(%217, %215) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %219 = "stablehlo.broadcast_in_dim"(%170) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %220 = "stablehlo.broadcast_in_dim"(%219) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %221 = "stablehlo.multiply"(%214, %220) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %222 = "stablehlo.broadcast_in_dim"(%171) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %223 = "stablehlo.broadcast_in_dim"(%222) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %224 = "stablehlo.multiply"(%218, %223) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %225 = "stablehlo.add"(%221, %224) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %226 = "stablehlo.dot_general"(%199, %arg67) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %227 = "stablehlo.reshape"(%226) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %228 = "stablehlo.reshape"(%212) : (tensor<4x16x4x16xf32>) -> tensor<4x16x2x2x16xf32>
    %229 = "stablehlo.dot_general"(%225, %228) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16x2xf32>
    %230 = "stablehlo.transpose"(%229) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x16x16x2xf32>) -> tensor<4x2x2x16x16xf32>
    %231 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %232 = "stablehlo.broadcast_in_dim"(%231) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %233 = "stablehlo.divide"(%230, %232) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %234 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %235 = "stablehlo.broadcast_in_dim"(%234) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %236 = "func.call"(%235) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %237 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %238:2 = "func.call"(%236, %233, %237) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<f32>) -> (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>)
    %239 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %240 = "stablehlo.reduce"(%238#0, %239) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg212: tensor<f32>, %arg213: tensor<f32>):
      %1399 = "stablehlo.maximum"(%arg212, %arg213) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1399) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %241 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %242 = "stablehlo.broadcast_in_dim"(%241) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16xf32>
    %243 = "stablehlo.maximum"(%242, %240) : (tensor<4x2x2x16xf32>, tensor<4x2x2x16xf32>) -> tensor<4x2x2x16xf32>
    %244 = "stablehlo.broadcast_in_dim"(%243) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %245 = "stablehlo.broadcast_in_dim"(%244) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %246 = "stablehlo.subtract"(%238#0, %245) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %247 = "stablehlo.exponential"(%246) : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %248 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %249 = "stablehlo.reduce"(%247, %248) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg210: tensor<f32>, %arg211: tensor<f32>):
      %1398 = "stablehlo.add"(%arg210, %arg211) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1398) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %250 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %251 = "stablehlo.broadcast_in_dim"(%250) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %252 = "stablehlo.divide"(%247, %251) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %253 = "stablehlo.multiply"(%250, %250) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %254 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %255 = "stablehlo.broadcast_in_dim"(%254) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x1xf32>
    %256 = "stablehlo.divide"(%255, %253) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %257 = "stablehlo.dot_general"(%227, %252) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x2x16xf32>
    %258 = "stablehlo.transpose"(%257) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %259 = "stablehlo.reshape"(%258) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x64xf32>
    %260 = "stablehlo.dot_general"(%259, %arg65) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %261 = "stablehlo.add"(%149#0, %260) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %262 = "chlo.square"(%261) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %263 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %264 = "stablehlo.broadcast_in_dim"(%263) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %265 = "stablehlo.multiply"(%264, %261) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %266 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %267 = "stablehlo.reduce"(%262, %266) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg208: tensor<f32>, %arg209: tensor<f32>):
      %1397 = "stablehlo.add"(%arg208, %arg209) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1397) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %268 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %269 = "stablehlo.broadcast_in_dim"(%268) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %270 = "stablehlo.divide"(%267, %269) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %271 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %272 = "stablehlo.broadcast_in_dim"(%271) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %273 = "stablehlo.broadcast_in_dim"(%272) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %274 = "stablehlo.broadcast_in_dim"(%270) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %275 = "stablehlo.broadcast_in_dim"(%273) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %276 = "stablehlo.subtract"(%261, %275) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %277 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %278 = "stablehlo.broadcast_in_dim"(%277) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %279 = "stablehlo.add"(%274, %278) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %280 = "stablehlo.rsqrt"(%279) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %281 = "stablehlo.divide"(%280, %279) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %282 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %283 = "stablehlo.broadcast_in_dim"(%282) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %284 = "stablehlo.multiply"(%283, %281) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %285 = "stablehlo.reshape"(%arg56) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %286 = "stablehlo.broadcast_in_dim"(%280) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %287 = "stablehlo.broadcast_in_dim"(%285) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %288 = "stablehlo.multiply"(%286, %287) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %289 = "stablehlo.multiply"(%276, %288) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %290 = "stablehlo.dot_general"(%289, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x4xf32>) -> tensor<4x16x4xf32>
    %291 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %292 = "stablehlo.reduce"(%290, %291) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg206: tensor<f32>, %arg207: tensor<f32>):
      %1396 = "stablehlo.maximum"(%arg206, %arg207) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1396) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %293 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %294 = "stablehlo.broadcast_in_dim"(%293) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %295 = "stablehlo.maximum"(%294, %292) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %296 = "stablehlo.broadcast_in_dim"(%295) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %297 = "stablehlo.broadcast_in_dim"(%296) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %298 = "stablehlo.subtract"(%290, %297) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %299 = "stablehlo.exponential"(%298) : (tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %300 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %301 = "stablehlo.reduce"(%299, %300) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg204: tensor<f32>, %arg205: tensor<f32>):
      %1395 = "stablehlo.add"(%arg204, %arg205) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1395) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %302 = "stablehlo.broadcast_in_dim"(%301) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %303 = "stablehlo.broadcast_in_dim"(%302) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %304 = "stablehlo.divide"(%299, %303) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %305 = "stablehlo.multiply"(%302, %302) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %306 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %307 = "stablehlo.broadcast_in_dim"(%306) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %308 = "stablehlo.divide"(%307, %305) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %309:2 = "chlo.top_k"(%304) <{is_stable = true, k = 2 : i64}> : (tensor<4x16x4xf32>) -> (tensor<4x16x2xf32>, tensor<4x16x2xi32>)
    %310 = "stablehlo.reshape"(%309#1) : (tensor<4x16x2xi32>) -> tensor<4x16x2x1xi32>
    %311 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %312 = "stablehlo.reduce"(%309#0, %311) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg202: tensor<f32>, %arg203: tensor<f32>):
      %1394 = "stablehlo.add"(%arg202, %arg203) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1394) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %313 = "stablehlo.broadcast_in_dim"(%312) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %314 = "stablehlo.broadcast_in_dim"(%313) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %315 = "stablehlo.divide"(%309#0, %314) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %316 = "stablehlo.multiply"(%313, %313) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %317 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %318 = "stablehlo.broadcast_in_dim"(%317) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %319 = "stablehlo.divide"(%318, %316) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %320 = "func.call"(%309#1) <{callee = @_one_hot}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x4xf32>
    %321 = "stablehlo.transpose"(%320) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x16x2x4xf32>) -> tensor<4x2x16x4xf32>
    %322 = "stablehlo.reshape"(%321) : (tensor<4x2x16x4xf32>) -> tensor<4x32x4xf32>
    %323 = "func.call"(%322) <{callee = @cumsum}> : (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %324 = "stablehlo.subtract"(%323, %322) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %325 = "stablehlo.reshape"(%324) : (tensor<4x32x4xf32>) -> tensor<4x2x16x4xf32>
    %326 = "stablehlo.transpose"(%325) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x4xf32>) -> tensor<4x16x2x4xf32>
    %327 = "stablehlo.multiply"(%326, %320) : (tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %328 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %329 = "stablehlo.reduce"(%327, %328) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg200: tensor<f32>, %arg201: tensor<f32>):
      %1393 = "stablehlo.add"(%arg200, %arg201) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1393) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<f32>) -> tensor<4x16x2xf32>
    %330 = "stablehlo.constant"() <{value = dense<8> : tensor<i32>}> : () -> tensor<i32>
    %331 = "stablehlo.broadcast_in_dim"(%330) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x2xi32>
    %332 = "stablehlo.multiply"(%309#1, %331) : (tensor<4x16x2xi32>, tensor<4x16x2xi32>) -> tensor<4x16x2xi32>
    %333 = "stablehlo.convert"(%329) : (tensor<4x16x2xf32>) -> tensor<4x16x2xi32>
    %334 = "stablehlo.add"(%332, %333) : (tensor<4x16x2xi32>, tensor<4x16x2xi32>) -> tensor<4x16x2xi32>
    %335 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %336 = "stablehlo.broadcast_in_dim"(%335) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x2xf32>
    %337 = "stablehlo.compare"(%329, %336) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xi1>
    %338 = "stablehlo.constant"() <{value = dense<32> : tensor<i32>}> : () -> tensor<i32>
    %339 = "func.call"(%337, %334, %338) <{callee = @_where_2}> : (tensor<4x16x2xi1>, tensor<4x16x2xi32>, tensor<i32>) -> tensor<4x16x2xi32>
    %340 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xi32>
    %341 = "stablehlo.broadcast_in_dim"(%340) <{broadcast_dimensions = array<i64: 0>}> : (tensor<16xi32>) -> tensor<16x1xi32>
    %342 = "stablehlo.broadcast_in_dim"(%341) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<16x1xi32>) -> tensor<16x2xi32>
    %343 = "stablehlo.constant"() <{value = dense<16> : tensor<i32>}> : () -> tensor<i32>
    %344 = "stablehlo.broadcast_in_dim"(%343) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<33xi32>
    %345 = "stablehlo.reshape"(%339) : (tensor<4x16x2xi32>) -> tensor<4x32xi32>
    %346 = "stablehlo.reshape"(%342) : (tensor<16x2xi32>) -> tensor<32xi32>
    %347 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %348 = "stablehlo.broadcast_in_dim"(%347) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %349 = "stablehlo.compare"(%345, %348) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %350 = "stablehlo.constant"() <{value = dense<33> : tensor<i32>}> : () -> tensor<i32>
    %351 = "stablehlo.broadcast_in_dim"(%350) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %352 = "stablehlo.add"(%345, %351) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %353 = "stablehlo.select"(%349, %352, %345) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %354 = "stablehlo.broadcast_in_dim"(%353) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %355 = "stablehlo.broadcast_in_dim"(%344) <{broadcast_dimensions = array<i64: 1>}> : (tensor<33xi32>) -> tensor<4x33xi32>
    %356 = "stablehlo.broadcast_in_dim"(%346) <{broadcast_dimensions = array<i64: 1>}> : (tensor<32xi32>) -> tensor<4x32xi32>
    %357 = "stablehlo.scatter"(%355, %354, %356) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg198: tensor<i32>, %arg199: tensor<i32>):
      "stablehlo.return"(%arg199) : (tensor<i32>) -> ()
    }) : (tensor<4x33xi32>, tensor<4x32x1xi32>, tensor<4x32xi32>) -> tensor<4x33xi32>
    %358 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %359 = "stablehlo.broadcast_in_dim"(%358) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<33xf32>
    %360 = "stablehlo.reshape"(%339) : (tensor<4x16x2xi32>) -> tensor<4x32xi32>
    %361 = "stablehlo.reshape"(%315) : (tensor<4x16x2xf32>) -> tensor<4x32xf32>
    %362 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %363 = "stablehlo.broadcast_in_dim"(%362) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %364 = "stablehlo.compare"(%360, %363) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %365 = "stablehlo.constant"() <{value = dense<33> : tensor<i32>}> : () -> tensor<i32>
    %366 = "stablehlo.broadcast_in_dim"(%365) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %367 = "stablehlo.add"(%360, %366) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %368 = "stablehlo.select"(%364, %367, %360) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %369 = "stablehlo.broadcast_in_dim"(%368) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %370 = "stablehlo.broadcast_in_dim"(%359) <{broadcast_dimensions = array<i64: 1>}> : (tensor<33xf32>) -> tensor<4x33xf32>
    %371 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<128xui32>
    %372 = "stablehlo.reshape"(%371) : (tensor<128xui32>) -> tensor<4x32xui32>
    %373 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %374 = "stablehlo.broadcast_in_dim"(%373) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<4x32xui32>
    %375 = "stablehlo.add"(%372, %374) : (tensor<4x32xui32>, tensor<4x32xui32>) -> tensor<4x32xui32>
    %376 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %377 = "stablehlo.broadcast_in_dim"(%376) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<4x33xui32>
    %378 = "stablehlo.scatter"(%377, %369, %375) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg196: tensor<ui32>, %arg197: tensor<ui32>):
      "stablehlo.return"(%arg197) : (tensor<ui32>) -> ()
    }) : (tensor<4x33xui32>, tensor<4x32x1xi32>, tensor<4x32xui32>) -> tensor<4x33xui32>
    %379 = "stablehlo.gather"(%378, %369) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x33xui32>, tensor<4x32x1xi32>) -> tensor<4x32xui32>
    %380 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %381 = "stablehlo.broadcast_in_dim"(%380) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<4x33xui32>
    %382 = "stablehlo.compare"(%378, %381) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x33xui32>, tensor<4x33xui32>) -> tensor<4x33xi1>
    %383 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %384 = "stablehlo.broadcast_in_dim"(%383) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x33xf32>
    %385 = "stablehlo.select"(%382, %370, %384) : (tensor<4x33xi1>, tensor<4x33xf32>, tensor<4x33xf32>) -> tensor<4x33xf32>
    %386 = "stablehlo.compare"(%375, %379) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x32xui32>, tensor<4x32xui32>) -> tensor<4x32xi1>
    %387 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %388 = "stablehlo.broadcast_in_dim"(%387) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32xf32>
    %389 = "stablehlo.select"(%386, %361, %388) : (tensor<4x32xi1>, tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %390 = "stablehlo.compare"(%375, %379) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x32xui32>, tensor<4x32xui32>) -> tensor<4x32xi1>
    %391 = "stablehlo.scatter"(%385, %369, %389) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg194: tensor<f32>, %arg195: tensor<f32>):
      %1392 = "stablehlo.add"(%arg194, %arg195) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1392) : (tensor<f32>) -> ()
    }) : (tensor<4x33xf32>, tensor<4x32x1xi32>, tensor<4x32xf32>) -> tensor<4x33xf32>
    %392 = "stablehlo.slice"(%357) <{limit_indices = array<i64: 4, 32>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x33xi32>) -> tensor<4x32xi32>
    %393 = "stablehlo.slice"(%391) <{limit_indices = array<i64: 4, 32>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x33xf32>) -> tensor<4x32xf32>
    %394 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %395 = "stablehlo.broadcast_in_dim"(%394) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x64xf32>
    %396 = "stablehlo.concatenate"(%289, %395) <{dimension = 1 : i64}> : (tensor<4x16x64xf32>, tensor<4x1x64xf32>) -> tensor<4x17x64xf32>
    %397 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %398 = "stablehlo.broadcast_in_dim"(%397) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %399 = "stablehlo.compare"(%392, %398) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %400 = "stablehlo.constant"() <{value = dense<17> : tensor<i32>}> : () -> tensor<i32>
    %401 = "stablehlo.broadcast_in_dim"(%400) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %402 = "stablehlo.add"(%392, %401) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %403 = "stablehlo.select"(%399, %402, %392) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %404 = "stablehlo.broadcast_in_dim"(%403) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %405 = "stablehlo.gather"(%396, %404) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 64>}> : (tensor<4x17x64xf32>, tensor<4x32x1xi32>) -> tensor<4x32x64xf32>
    %406 = "stablehlo.reshape"(%405) : (tensor<4x32x64xf32>) -> tensor<4x4x8x64xf32>
    %407 = "stablehlo.transpose"(%406) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %408 = "stablehlo.dot_general"(%407, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %409:3 = "func.call"(%408) <{callee = @silu}> : (tensor<4x4x8x96xf32>) -> (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>)
    %410 = "stablehlo.dot_general"(%407, %arg63) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %411 = "stablehlo.multiply"(%409#0, %410) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %412 = "stablehlo.dot_general"(%411, %arg62) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x64xf32>
    %413 = "stablehlo.transpose"(%412) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %414 = "stablehlo.reshape"(%413) : (tensor<4x4x8x64xf32>) -> tensor<4x32x64xf32>
    %415 = "stablehlo.broadcast_in_dim"(%393) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %416 = "stablehlo.broadcast_in_dim"(%415) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %417 = "stablehlo.multiply"(%414, %416) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %418 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %419 = "stablehlo.broadcast_in_dim"(%418) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<17x64xf32>
    %420 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %421 = "stablehlo.broadcast_in_dim"(%420) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %422 = "stablehlo.compare"(%392, %421) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %423 = "stablehlo.constant"() <{value = dense<17> : tensor<i32>}> : () -> tensor<i32>
    %424 = "stablehlo.broadcast_in_dim"(%423) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %425 = "stablehlo.add"(%392, %424) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %426 = "stablehlo.select"(%422, %425, %392) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %427 = "stablehlo.broadcast_in_dim"(%426) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %428 = "stablehlo.broadcast_in_dim"(%419) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<17x64xf32>) -> tensor<4x17x64xf32>
    %429 = "stablehlo.scatter"(%428, %427, %417) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg192: tensor<f32>, %arg193: tensor<f32>):
      %1391 = "stablehlo.add"(%arg192, %arg193) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1391) : (tensor<f32>) -> ()
    }) : (tensor<4x17x64xf32>, tensor<4x32x1xi32>, tensor<4x32x64xf32>) -> tensor<4x17x64xf32>
    %430 = "stablehlo.slice"(%429) <{limit_indices = array<i64: 4, 16, 64>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x17x64xf32>) -> tensor<4x16x64xf32>
    %431 = "stablehlo.dot_general"(%289, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %432:3 = "func.call"(%431) <{callee = @silu_3}> : (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>)
    %433 = "stablehlo.dot_general"(%289, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %434 = "stablehlo.multiply"(%432#0, %433) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %435 = "stablehlo.dot_general"(%434, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<96x64xf32>) -> tensor<4x16x64xf32>
    %436 = "stablehlo.add"(%430, %435) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %437 = "stablehlo.add"(%261, %436) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %438 = "chlo.square"(%437) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %439 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %440 = "stablehlo.broadcast_in_dim"(%439) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %441 = "stablehlo.multiply"(%440, %437) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %442 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %443 = "stablehlo.reduce"(%438, %442) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg190: tensor<f32>, %arg191: tensor<f32>):
      %1390 = "stablehlo.add"(%arg190, %arg191) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1390) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %444 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %445 = "stablehlo.broadcast_in_dim"(%444) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %446 = "stablehlo.divide"(%443, %445) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %447 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %448 = "stablehlo.broadcast_in_dim"(%447) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %449 = "stablehlo.broadcast_in_dim"(%448) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %450 = "stablehlo.broadcast_in_dim"(%446) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %451 = "stablehlo.broadcast_in_dim"(%449) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %452 = "stablehlo.subtract"(%437, %451) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %453 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %454 = "stablehlo.broadcast_in_dim"(%453) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %455 = "stablehlo.add"(%450, %454) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %456 = "stablehlo.rsqrt"(%455) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %457 = "stablehlo.divide"(%456, %455) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %458 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %459 = "stablehlo.broadcast_in_dim"(%458) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %460 = "stablehlo.multiply"(%459, %457) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %461 = "stablehlo.reshape"(%arg68) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %462 = "stablehlo.broadcast_in_dim"(%456) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %463 = "stablehlo.broadcast_in_dim"(%461) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %464 = "stablehlo.multiply"(%462, %463) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %465 = "stablehlo.multiply"(%452, %464) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %466 = "stablehlo.dot_general"(%465, %arg79) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %467 = "stablehlo.reshape"(%466) : (tensor<4x16x64xf32>) -> tensor<4x16x4x16xf32>
    %468 = "stablehlo.slice"(%467) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %469 = "stablehlo.slice"(%467) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %470 = "stablehlo.negate"(%469) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %471 = "stablehlo.concatenate"(%470, %468) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %472 = "stablehlo.broadcast_in_dim"(%170) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %473 = "stablehlo.broadcast_in_dim"(%472) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %474 = "stablehlo.multiply"(%467, %473) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %475 = "stablehlo.broadcast_in_dim"(%171) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %476 = "stablehlo.broadcast_in_dim"(%475) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %477 = "stablehlo.multiply"(%471, %476) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %478 = "stablehlo.add"(%474, %477) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %479 = "stablehlo.dot_general"(%465, %arg77) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %480 = "stablehlo.reshape"(%479) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %481 = "stablehlo.slice"(%480) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %482 = "stablehlo.slice"(%480) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %483 = "stablehlo.negate"(%482) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %484 = "stablehlo.concatenate"(%483, %481) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %485 = "stablehlo.broadcast_in_dim"(%170) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %486 = "stablehlo.broadcast_in_dim"(%485) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %487 = "stablehlo.multiply"(%480, %486) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %488 = "stablehlo.broadcast_in_dim"(%171) <{broadcast_dimensions = array<i64: 1, 3>}> : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %489 = "stablehlo.broadcast_in_dim"(%488) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %490 = "stablehlo.multiply"(%484, %489) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %491 = "stablehlo.add"(%487, %490) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %492 = "stablehlo.dot_general"(%465, %arg80) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %493 = "stablehlo.reshape"(%492) : (tensor<4x16x32xf32>) -> tensor<4x16x2x16xf32>
    %494 = "stablehlo.reshape"(%478) : (tensor<4x16x4x16xf32>) -> tensor<4x16x2x2x16xf32>
    %495 = "stablehlo.dot_general"(%491, %494) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16x2xf32>
    %496 = "stablehlo.transpose"(%495) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x16x16x2xf32>) -> tensor<4x2x2x16x16xf32>
    %497 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %498 = "stablehlo.broadcast_in_dim"(%497) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %499 = "stablehlo.divide"(%496, %498) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %500 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %501 = "stablehlo.broadcast_in_dim"(%500) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %502 = "func.call"(%501) <{callee = @tril}> : (tensor<16x16xi1>) -> tensor<16x16xi1>
    %503 = "stablehlo.constant"() <{value = dense<-1.000000e+09> : tensor<f32>}> : () -> tensor<f32>
    %504:2 = "func.call"(%502, %499, %503) <{callee = @_where_0}> : (tensor<16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<f32>) -> (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>)
    %505 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %506 = "stablehlo.reduce"(%504#0, %505) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg188: tensor<f32>, %arg189: tensor<f32>):
      %1389 = "stablehlo.maximum"(%arg188, %arg189) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1389) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %507 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %508 = "stablehlo.broadcast_in_dim"(%507) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16xf32>
    %509 = "stablehlo.maximum"(%508, %506) : (tensor<4x2x2x16xf32>, tensor<4x2x2x16xf32>) -> tensor<4x2x2x16xf32>
    %510 = "stablehlo.broadcast_in_dim"(%509) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %511 = "stablehlo.broadcast_in_dim"(%510) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %512 = "stablehlo.subtract"(%504#0, %511) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %513 = "stablehlo.exponential"(%512) : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %514 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %515 = "stablehlo.reduce"(%513, %514) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg186: tensor<f32>, %arg187: tensor<f32>):
      %1388 = "stablehlo.add"(%arg186, %arg187) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1388) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %516 = "stablehlo.broadcast_in_dim"(%515) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %517 = "stablehlo.broadcast_in_dim"(%516) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %518 = "stablehlo.divide"(%513, %517) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %519 = "stablehlo.multiply"(%516, %516) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %520 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %521 = "stablehlo.broadcast_in_dim"(%520) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x1xf32>
    %522 = "stablehlo.divide"(%521, %519) : (tensor<4x2x2x16x1xf32>, tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %523 = "stablehlo.dot_general"(%493, %518) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x2x16xf32>
    %524 = "stablehlo.transpose"(%523) <{permutation = array<i64: 0, 4, 1, 3, 2>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %525 = "stablehlo.reshape"(%524) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x64xf32>
    %526 = "stablehlo.dot_general"(%525, %arg78) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %527 = "stablehlo.add"(%437, %526) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %528 = "chlo.square"(%527) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %529 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %530 = "stablehlo.broadcast_in_dim"(%529) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %531 = "stablehlo.multiply"(%530, %527) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %532 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %533 = "stablehlo.reduce"(%528, %532) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg184: tensor<f32>, %arg185: tensor<f32>):
      %1387 = "stablehlo.add"(%arg184, %arg185) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1387) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %534 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %535 = "stablehlo.broadcast_in_dim"(%534) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %536 = "stablehlo.divide"(%533, %535) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %537 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %538 = "stablehlo.broadcast_in_dim"(%537) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %539 = "stablehlo.broadcast_in_dim"(%538) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %540 = "stablehlo.broadcast_in_dim"(%536) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %541 = "stablehlo.broadcast_in_dim"(%539) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %542 = "stablehlo.subtract"(%527, %541) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %543 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %544 = "stablehlo.broadcast_in_dim"(%543) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %545 = "stablehlo.add"(%540, %544) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %546 = "stablehlo.rsqrt"(%545) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %547 = "stablehlo.divide"(%546, %545) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %548 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %549 = "stablehlo.broadcast_in_dim"(%548) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %550 = "stablehlo.multiply"(%549, %547) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %551 = "stablehlo.reshape"(%arg69) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %552 = "stablehlo.broadcast_in_dim"(%546) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %553 = "stablehlo.broadcast_in_dim"(%551) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %554 = "stablehlo.multiply"(%552, %553) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %555 = "stablehlo.multiply"(%542, %554) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %556 = "stablehlo.dot_general"(%555, %arg70) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x4xf32>) -> tensor<4x16x4xf32>
    %557 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %558 = "stablehlo.reduce"(%556, %557) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg182: tensor<f32>, %arg183: tensor<f32>):
      %1386 = "stablehlo.maximum"(%arg182, %arg183) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1386) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %559 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %560 = "stablehlo.broadcast_in_dim"(%559) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %561 = "stablehlo.maximum"(%560, %558) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %562 = "stablehlo.broadcast_in_dim"(%561) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %563 = "stablehlo.broadcast_in_dim"(%562) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %564 = "stablehlo.subtract"(%556, %563) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %565 = "stablehlo.exponential"(%564) : (tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %566 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %567 = "stablehlo.reduce"(%565, %566) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg180: tensor<f32>, %arg181: tensor<f32>):
      %1385 = "stablehlo.add"(%arg180, %arg181) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1385) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %568 = "stablehlo.broadcast_in_dim"(%567) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %569 = "stablehlo.broadcast_in_dim"(%568) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %570 = "stablehlo.divide"(%565, %569) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %571 = "stablehlo.multiply"(%568, %568) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %572 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %573 = "stablehlo.broadcast_in_dim"(%572) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %574 = "stablehlo.divide"(%573, %571) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %575:2 = "chlo.top_k"(%570) <{is_stable = true, k = 2 : i64}> : (tensor<4x16x4xf32>) -> (tensor<4x16x2xf32>, tensor<4x16x2xi32>)
    %576 = "stablehlo.reshape"(%575#1) : (tensor<4x16x2xi32>) -> tensor<4x16x2x1xi32>
    %577 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %578 = "stablehlo.reduce"(%575#0, %577) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg178: tensor<f32>, %arg179: tensor<f32>):
      %1384 = "stablehlo.add"(%arg178, %arg179) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1384) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %579 = "stablehlo.broadcast_in_dim"(%578) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %580 = "stablehlo.broadcast_in_dim"(%579) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %581 = "stablehlo.divide"(%575#0, %580) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %582 = "stablehlo.multiply"(%579, %579) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %583 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %584 = "stablehlo.broadcast_in_dim"(%583) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %585 = "stablehlo.divide"(%584, %582) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %586 = "func.call"(%575#1) <{callee = @_one_hot}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x4xf32>
    %587 = "stablehlo.transpose"(%586) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x16x2x4xf32>) -> tensor<4x2x16x4xf32>
    %588 = "stablehlo.reshape"(%587) : (tensor<4x2x16x4xf32>) -> tensor<4x32x4xf32>
    %589 = "func.call"(%588) <{callee = @cumsum}> : (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %590 = "stablehlo.subtract"(%589, %588) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %591 = "stablehlo.reshape"(%590) : (tensor<4x32x4xf32>) -> tensor<4x2x16x4xf32>
    %592 = "stablehlo.transpose"(%591) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x4xf32>) -> tensor<4x16x2x4xf32>
    %593 = "stablehlo.multiply"(%592, %586) : (tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %594 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %595 = "stablehlo.reduce"(%593, %594) <{dimensions = array<i64: 3>}> ({
    ^bb0(%arg176: tensor<f32>, %arg177: tensor<f32>):
      %1383 = "stablehlo.add"(%arg176, %arg177) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1383) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<f32>) -> tensor<4x16x2xf32>
    %596 = "stablehlo.constant"() <{value = dense<8> : tensor<i32>}> : () -> tensor<i32>
    %597 = "stablehlo.broadcast_in_dim"(%596) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x2xi32>
    %598 = "stablehlo.multiply"(%575#1, %597) : (tensor<4x16x2xi32>, tensor<4x16x2xi32>) -> tensor<4x16x2xi32>
    %599 = "stablehlo.convert"(%595) : (tensor<4x16x2xf32>) -> tensor<4x16x2xi32>
    %600 = "stablehlo.add"(%598, %599) : (tensor<4x16x2xi32>, tensor<4x16x2xi32>) -> tensor<4x16x2xi32>
    %601 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %602 = "stablehlo.broadcast_in_dim"(%601) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x2xf32>
    %603 = "stablehlo.compare"(%595, %602) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xi1>
    %604 = "stablehlo.constant"() <{value = dense<32> : tensor<i32>}> : () -> tensor<i32>
    %605 = "func.call"(%603, %600, %604) <{callee = @_where_2}> : (tensor<4x16x2xi1>, tensor<4x16x2xi32>, tensor<i32>) -> tensor<4x16x2xi32>
    %606 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xi32>
    %607 = "stablehlo.broadcast_in_dim"(%606) <{broadcast_dimensions = array<i64: 0>}> : (tensor<16xi32>) -> tensor<16x1xi32>
    %608 = "stablehlo.broadcast_in_dim"(%607) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<16x1xi32>) -> tensor<16x2xi32>
    %609 = "stablehlo.constant"() <{value = dense<16> : tensor<i32>}> : () -> tensor<i32>
    %610 = "stablehlo.broadcast_in_dim"(%609) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<33xi32>
    %611 = "stablehlo.reshape"(%605) : (tensor<4x16x2xi32>) -> tensor<4x32xi32>
    %612 = "stablehlo.reshape"(%608) : (tensor<16x2xi32>) -> tensor<32xi32>
    %613 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %614 = "stablehlo.broadcast_in_dim"(%613) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %615 = "stablehlo.compare"(%611, %614) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %616 = "stablehlo.constant"() <{value = dense<33> : tensor<i32>}> : () -> tensor<i32>
    %617 = "stablehlo.broadcast_in_dim"(%616) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %618 = "stablehlo.add"(%611, %617) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %619 = "stablehlo.select"(%615, %618, %611) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %620 = "stablehlo.broadcast_in_dim"(%619) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %621 = "stablehlo.broadcast_in_dim"(%610) <{broadcast_dimensions = array<i64: 1>}> : (tensor<33xi32>) -> tensor<4x33xi32>
    %622 = "stablehlo.broadcast_in_dim"(%612) <{broadcast_dimensions = array<i64: 1>}> : (tensor<32xi32>) -> tensor<4x32xi32>
    %623 = "stablehlo.scatter"(%621, %620, %622) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg174: tensor<i32>, %arg175: tensor<i32>):
      "stablehlo.return"(%arg175) : (tensor<i32>) -> ()
    }) : (tensor<4x33xi32>, tensor<4x32x1xi32>, tensor<4x32xi32>) -> tensor<4x33xi32>
    %624 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %625 = "stablehlo.broadcast_in_dim"(%624) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<33xf32>
    %626 = "stablehlo.reshape"(%605) : (tensor<4x16x2xi32>) -> tensor<4x32xi32>
    %627 = "stablehlo.reshape"(%581) : (tensor<4x16x2xf32>) -> tensor<4x32xf32>
    %628 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %629 = "stablehlo.broadcast_in_dim"(%628) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %630 = "stablehlo.compare"(%626, %629) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %631 = "stablehlo.constant"() <{value = dense<33> : tensor<i32>}> : () -> tensor<i32>
    %632 = "stablehlo.broadcast_in_dim"(%631) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %633 = "stablehlo.add"(%626, %632) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %634 = "stablehlo.select"(%630, %633, %626) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %635 = "stablehlo.broadcast_in_dim"(%634) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %636 = "stablehlo.broadcast_in_dim"(%625) <{broadcast_dimensions = array<i64: 1>}> : (tensor<33xf32>) -> tensor<4x33xf32>
    %637 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<128xui32>
    %638 = "stablehlo.reshape"(%637) : (tensor<128xui32>) -> tensor<4x32xui32>
    %639 = "stablehlo.constant"() <{value = dense<1> : tensor<ui32>}> : () -> tensor<ui32>
    %640 = "stablehlo.broadcast_in_dim"(%639) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<4x32xui32>
    %641 = "stablehlo.add"(%638, %640) : (tensor<4x32xui32>, tensor<4x32xui32>) -> tensor<4x32xui32>
    %642 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %643 = "stablehlo.broadcast_in_dim"(%642) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<4x33xui32>
    %644 = "stablehlo.scatter"(%643, %635, %641) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg172: tensor<ui32>, %arg173: tensor<ui32>):
      "stablehlo.return"(%arg173) : (tensor<ui32>) -> ()
    }) : (tensor<4x33xui32>, tensor<4x32x1xi32>, tensor<4x32xui32>) -> tensor<4x33xui32>
    %645 = "stablehlo.gather"(%644, %635) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x33xui32>, tensor<4x32x1xi32>) -> tensor<4x32xui32>
    %646 = "stablehlo.constant"() <{value = dense<0> : tensor<ui32>}> : () -> tensor<ui32>
    %647 = "stablehlo.broadcast_in_dim"(%646) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<4x33xui32>
    %648 = "stablehlo.compare"(%644, %647) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x33xui32>, tensor<4x33xui32>) -> tensor<4x33xi1>
    %649 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %650 = "stablehlo.broadcast_in_dim"(%649) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x33xf32>
    %651 = "stablehlo.select"(%648, %636, %650) : (tensor<4x33xi1>, tensor<4x33xf32>, tensor<4x33xf32>) -> tensor<4x33xf32>
    %652 = "stablehlo.compare"(%641, %645) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x32xui32>, tensor<4x32xui32>) -> tensor<4x32xi1>
    %653 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %654 = "stablehlo.broadcast_in_dim"(%653) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32xf32>
    %655 = "stablehlo.select"(%652, %627, %654) : (tensor<4x32xi1>, tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %656 = "stablehlo.compare"(%641, %645) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x32xui32>, tensor<4x32xui32>) -> tensor<4x32xi1>
    %657 = "stablehlo.scatter"(%651, %635, %655) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg170: tensor<f32>, %arg171: tensor<f32>):
      %1382 = "stablehlo.add"(%arg170, %arg171) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1382) : (tensor<f32>) -> ()
    }) : (tensor<4x33xf32>, tensor<4x32x1xi32>, tensor<4x32xf32>) -> tensor<4x33xf32>
    %658 = "stablehlo.slice"(%623) <{limit_indices = array<i64: 4, 32>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x33xi32>) -> tensor<4x32xi32>
    %659 = "stablehlo.slice"(%657) <{limit_indices = array<i64: 4, 32>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<4x33xf32>) -> tensor<4x32xf32>
    %660 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %661 = "stablehlo.broadcast_in_dim"(%660) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x64xf32>
    %662 = "stablehlo.concatenate"(%555, %661) <{dimension = 1 : i64}> : (tensor<4x16x64xf32>, tensor<4x1x64xf32>) -> tensor<4x17x64xf32>
    %663 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %664 = "stablehlo.broadcast_in_dim"(%663) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %665 = "stablehlo.compare"(%658, %664) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %666 = "stablehlo.constant"() <{value = dense<17> : tensor<i32>}> : () -> tensor<i32>
    %667 = "stablehlo.broadcast_in_dim"(%666) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %668 = "stablehlo.add"(%658, %667) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %669 = "stablehlo.select"(%665, %668, %658) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %670 = "stablehlo.broadcast_in_dim"(%669) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %671 = "stablehlo.gather"(%662, %670) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 64>}> : (tensor<4x17x64xf32>, tensor<4x32x1xi32>) -> tensor<4x32x64xf32>
    %672 = "stablehlo.reshape"(%671) : (tensor<4x32x64xf32>) -> tensor<4x4x8x64xf32>
    %673 = "stablehlo.transpose"(%672) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %674 = "stablehlo.dot_general"(%673, %arg74) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %675:3 = "func.call"(%674) <{callee = @silu}> : (tensor<4x4x8x96xf32>) -> (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>)
    %676 = "stablehlo.dot_general"(%673, %arg76) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x96xf32>
    %677 = "stablehlo.multiply"(%675#0, %676) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %678 = "stablehlo.dot_general"(%677, %arg75) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x64xf32>
    %679 = "stablehlo.transpose"(%678) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %680 = "stablehlo.reshape"(%679) : (tensor<4x4x8x64xf32>) -> tensor<4x32x64xf32>
    %681 = "stablehlo.broadcast_in_dim"(%659) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %682 = "stablehlo.broadcast_in_dim"(%681) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %683 = "stablehlo.multiply"(%680, %682) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %684 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %685 = "stablehlo.broadcast_in_dim"(%684) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<17x64xf32>
    %686 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %687 = "stablehlo.broadcast_in_dim"(%686) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %688 = "stablehlo.compare"(%658, %687) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi1>
    %689 = "stablehlo.constant"() <{value = dense<17> : tensor<i32>}> : () -> tensor<i32>
    %690 = "stablehlo.broadcast_in_dim"(%689) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32xi32>
    %691 = "stablehlo.add"(%658, %690) : (tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %692 = "stablehlo.select"(%688, %691, %658) : (tensor<4x32xi1>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
    %693 = "stablehlo.broadcast_in_dim"(%692) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi32>) -> tensor<4x32x1xi32>
    %694 = "stablehlo.broadcast_in_dim"(%685) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<17x64xf32>) -> tensor<4x17x64xf32>
    %695 = "stablehlo.scatter"(%694, %693, %683) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg168: tensor<f32>, %arg169: tensor<f32>):
      %1381 = "stablehlo.add"(%arg168, %arg169) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1381) : (tensor<f32>) -> ()
    }) : (tensor<4x17x64xf32>, tensor<4x32x1xi32>, tensor<4x32x64xf32>) -> tensor<4x17x64xf32>
    %696 = "stablehlo.slice"(%695) <{limit_indices = array<i64: 4, 16, 64>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x17x64xf32>) -> tensor<4x16x64xf32>
    %697 = "stablehlo.dot_general"(%555, %arg71) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %698:3 = "func.call"(%697) <{callee = @silu_3}> : (tensor<4x16x96xf32>) -> (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>)
    %699 = "stablehlo.dot_general"(%555, %arg73) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x96xf32>) -> tensor<4x16x96xf32>
    %700 = "stablehlo.multiply"(%698#0, %699) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %701 = "stablehlo.dot_general"(%700, %arg72) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<96x64xf32>) -> tensor<4x16x64xf32>
    %702 = "stablehlo.add"(%696, %701) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %703 = "stablehlo.add"(%527, %702) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %704 = "chlo.square"(%703) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %705 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %706 = "stablehlo.broadcast_in_dim"(%705) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %707 = "stablehlo.multiply"(%706, %703) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %708 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %709 = "stablehlo.reduce"(%704, %708) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg166: tensor<f32>, %arg167: tensor<f32>):
      %1380 = "stablehlo.add"(%arg166, %arg167) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1380) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %710 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %711 = "stablehlo.broadcast_in_dim"(%710) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %712 = "stablehlo.divide"(%709, %711) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %713 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %714 = "stablehlo.broadcast_in_dim"(%713) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %715 = "stablehlo.broadcast_in_dim"(%714) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %716 = "stablehlo.broadcast_in_dim"(%712) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %717 = "stablehlo.broadcast_in_dim"(%715) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %718 = "stablehlo.subtract"(%703, %717) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %719 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %720 = "stablehlo.broadcast_in_dim"(%719) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %721 = "stablehlo.add"(%716, %720) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %722 = "stablehlo.rsqrt"(%721) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %723 = "stablehlo.divide"(%722, %721) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %724 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %725 = "stablehlo.broadcast_in_dim"(%724) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %726 = "stablehlo.multiply"(%725, %723) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %727 = "stablehlo.reshape"(%arg81) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %728 = "stablehlo.broadcast_in_dim"(%722) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %729 = "stablehlo.broadcast_in_dim"(%727) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %730 = "stablehlo.multiply"(%728, %729) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %731 = "stablehlo.multiply"(%718, %730) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %732 = "stablehlo.dot_general"(%731, %arg82) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x128xf32>) -> tensor<4x16x128xf32>
    %733:3 = "func.call"(%732) <{callee = @log_softmax}> : (tensor<4x16x128xf32>) -> (tensor<4x16x128xf32>, tensor<4x16x128xf32>, tensor<4x16x1xf32>)
    %734 = "stablehlo.broadcast_in_dim"(%arg85) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xi32>) -> tensor<4x16x1xi32>
    %735:2 = "func.call"(%733#0, %734) <{callee = @take_along_axis}> : (tensor<4x16x128xf32>, tensor<4x16x1xi32>) -> (tensor<4x16x1xf32>, tensor<4x16x1x1xi32>)
    %736 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %737 = "stablehlo.reduce"(%735#0, %736) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg164: tensor<f32>, %arg165: tensor<f32>):
      %1379 = "stablehlo.add"(%arg164, %arg165) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1379) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<f32>
    %738 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %739 = "stablehlo.divide"(%737, %738) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %740 = "stablehlo.negate"(%739) : (tensor<f32>) -> tensor<f32>
    %741 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %742 = "stablehlo.negate"(%741) : (tensor<f32>) -> tensor<f32>
    %743 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %744 = "stablehlo.divide"(%742, %743) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %745 = "stablehlo.broadcast_in_dim"(%744) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x1xf32>
    %746 = "func.call"(%735#1, %745) <{callee = @take_along_axis_4}> : (tensor<4x16x1x1xi32>, tensor<4x16x1xf32>) -> tensor<4x16x128xf32>
    %747 = "func.call"(%733#1, %733#2, %746) <{callee = @log_softmax_5}> : (tensor<4x16x128xf32>, tensor<4x16x1xf32>, tensor<4x16x128xf32>) -> tensor<4x16x128xf32>
    %748 = "stablehlo.dot_general"(%747, %731) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x128xf32>, tensor<4x16x64xf32>) -> tensor<128x64xf32>
    %749 = "stablehlo.transpose"(%748) <{permutation = array<i64: 1, 0>}> : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %750 = "stablehlo.dot_general"(%747, %arg82) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x128xf32>, tensor<64x128xf32>) -> tensor<4x16x64xf32>
    %751 = "stablehlo.multiply"(%718, %750) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %752 = "stablehlo.multiply"(%750, %730) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %753 = "stablehlo.broadcast_in_dim"(%722) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %754 = "stablehlo.multiply"(%753, %751) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %755 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %756 = "stablehlo.reduce"(%754, %755) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg162: tensor<f32>, %arg163: tensor<f32>):
      %1378 = "stablehlo.add"(%arg162, %arg163) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1378) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %757 = "stablehlo.reshape"(%756) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %758 = "stablehlo.broadcast_in_dim"(%727) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %759 = "stablehlo.multiply"(%751, %758) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %760 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %761 = "stablehlo.reduce"(%759, %760) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg160: tensor<f32>, %arg161: tensor<f32>):
      %1377 = "stablehlo.add"(%arg160, %arg161) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1377) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %762 = "stablehlo.reshape"(%761) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %763 = "stablehlo.reshape"(%757) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %764 = "stablehlo.multiply"(%762, %726) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %765 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %766 = "stablehlo.reduce"(%764, %765) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg158: tensor<f32>, %arg159: tensor<f32>):
      %1376 = "stablehlo.add"(%arg158, %arg159) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1376) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %767 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %768 = "stablehlo.broadcast_in_dim"(%767) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %769 = "stablehlo.divide"(%766, %768) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %770 = "stablehlo.broadcast_in_dim"(%769) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %771 = "stablehlo.multiply"(%770, %707) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %772 = "stablehlo.add"(%752, %771) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %773 = "stablehlo.dot_general"(%772, %700) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x96xf32>) -> tensor<64x96xf32>
    %774 = "stablehlo.transpose"(%773) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xf32>) -> tensor<96x64xf32>
    %775 = "stablehlo.dot_general"(%772, %arg72) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<96x64xf32>) -> tensor<4x16x96xf32>
    %776 = "stablehlo.multiply"(%698#0, %775) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %777 = "stablehlo.multiply"(%775, %699) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %778 = "stablehlo.dot_general"(%776, %555) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %779 = "stablehlo.transpose"(%778) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %780 = "stablehlo.dot_general"(%776, %arg73) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %781 = "func.call"(%698#1, %698#2, %697, %777) <{callee = @silu_6}> : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %782 = "stablehlo.dot_general"(%781, %555) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %783 = "stablehlo.transpose"(%782) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %784 = "stablehlo.dot_general"(%781, %arg71) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %785 = "stablehlo.add"(%780, %784) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %786 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %787 = "stablehlo.pad"(%772, %786) <{edge_padding_high = array<i64: 0, 1, 0>, edge_padding_low = array<i64: 0, 0, 0>, interior_padding = array<i64: 0, 0, 0>}> : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x17x64xf32>
    %788 = "stablehlo.constant"() <{value = dense<16> : tensor<1xi32>}> : () -> tensor<1xi32>
    %789 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %790 = "stablehlo.broadcast_in_dim"(%789) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32x1xi32>
    %791 = "stablehlo.compare"(%693, %790) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %792 = "stablehlo.broadcast_in_dim"(%788) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %793 = "stablehlo.broadcast_in_dim"(%792) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<4x32x1xi32>
    %794 = "stablehlo.compare"(%693, %793) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %795 = "stablehlo.and"(%791, %794) : (tensor<4x32x1xi1>, tensor<4x32x1xi1>) -> tensor<4x32x1xi1>
    %796 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %797 = "stablehlo.reduce"(%795, %796) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg156: tensor<i1>, %arg157: tensor<i1>):
      %1375 = "stablehlo.and"(%arg156, %arg157) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%1375) : (tensor<i1>) -> ()
    }) : (tensor<4x32x1xi1>, tensor<i1>) -> tensor<4x32xi1>
    %798 = "stablehlo.gather"(%787, %693) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 64>}> : (tensor<4x17x64xf32>, tensor<4x32x1xi32>) -> tensor<4x32x64xf32>
    %799 = "stablehlo.broadcast_in_dim"(%797) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi1>) -> tensor<4x32x64xi1>
    %800 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %801 = "stablehlo.broadcast_in_dim"(%800) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32x64xf32>
    %802 = "stablehlo.select"(%799, %798, %801) : (tensor<4x32x64xi1>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %803 = "stablehlo.multiply"(%680, %802) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %804 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %805 = "stablehlo.reduce"(%803, %804) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg154: tensor<f32>, %arg155: tensor<f32>):
      %1374 = "stablehlo.add"(%arg154, %arg155) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1374) : (tensor<f32>) -> ()
    }) : (tensor<4x32x64xf32>, tensor<f32>) -> tensor<4x32xf32>
    %806 = "stablehlo.reshape"(%805) : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %807 = "stablehlo.broadcast_in_dim"(%681) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %808 = "stablehlo.multiply"(%802, %807) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %809 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %810 = "stablehlo.reduce"(%806, %809) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg152: tensor<f32>, %arg153: tensor<f32>):
      %1373 = "stablehlo.add"(%arg152, %arg153) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1373) : (tensor<f32>) -> ()
    }) : (tensor<4x32x1xf32>, tensor<f32>) -> tensor<4x32xf32>
    %811 = "stablehlo.reshape"(%808) : (tensor<4x32x64xf32>) -> tensor<4x4x8x64xf32>
    %812 = "stablehlo.transpose"(%811) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %813 = "stablehlo.dot_general"(%812, %677) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x4x8x96xf32>) -> tensor<4x64x96xf32>
    %814 = "stablehlo.transpose"(%813) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x96xf32>) -> tensor<4x96x64xf32>
    %815 = "stablehlo.dot_general"(%812, %arg75) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x96xf32>
    %816 = "stablehlo.multiply"(%675#0, %815) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %817 = "stablehlo.multiply"(%815, %676) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %818 = "stablehlo.dot_general"(%816, %673) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %819 = "stablehlo.transpose"(%818) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %820 = "stablehlo.dot_general"(%816, %arg76) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %821 = "func.call"(%675#1, %675#2, %674, %817) <{callee = @silu_7}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %822 = "stablehlo.dot_general"(%821, %673) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %823 = "stablehlo.transpose"(%822) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %824 = "stablehlo.dot_general"(%821, %arg74) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %825 = "stablehlo.add"(%820, %824) : (tensor<4x4x8x64xf32>, tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %826 = "stablehlo.transpose"(%825) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %827 = "stablehlo.reshape"(%826) : (tensor<4x4x8x64xf32>) -> tensor<4x32x64xf32>
    %828 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %829 = "stablehlo.broadcast_in_dim"(%828) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x17x64xf32>
    %830 = "stablehlo.scatter"(%829, %670, %827) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg150: tensor<f32>, %arg151: tensor<f32>):
      %1372 = "stablehlo.add"(%arg150, %arg151) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1372) : (tensor<f32>) -> ()
    }) : (tensor<4x17x64xf32>, tensor<4x32x1xi32>, tensor<4x32x64xf32>) -> tensor<4x17x64xf32>
    %831 = "stablehlo.slice"(%830) <{limit_indices = array<i64: 4, 16, 64>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x17x64xf32>) -> tensor<4x16x64xf32>
    %832 = "stablehlo.slice"(%830) <{limit_indices = array<i64: 4, 17, 64>, start_indices = array<i64: 0, 16, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x17x64xf32>) -> tensor<4x1x64xf32>
    %833 = "stablehlo.add"(%785, %831) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %834 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %835 = "stablehlo.pad"(%810, %834) <{edge_padding_high = array<i64: 0, 1>, edge_padding_low = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<4x32xf32>, tensor<f32>) -> tensor<4x33xf32>
    %836 = "stablehlo.constant"() <{value = dense<32> : tensor<1xi32>}> : () -> tensor<1xi32>
    %837 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %838 = "stablehlo.broadcast_in_dim"(%837) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32x1xi32>
    %839 = "stablehlo.compare"(%635, %838) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %840 = "stablehlo.broadcast_in_dim"(%836) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %841 = "stablehlo.broadcast_in_dim"(%840) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<4x32x1xi32>
    %842 = "stablehlo.compare"(%635, %841) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %843 = "stablehlo.and"(%839, %842) : (tensor<4x32x1xi1>, tensor<4x32x1xi1>) -> tensor<4x32x1xi1>
    %844 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %845 = "stablehlo.reduce"(%843, %844) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg148: tensor<i1>, %arg149: tensor<i1>):
      %1371 = "stablehlo.and"(%arg148, %arg149) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%1371) : (tensor<i1>) -> ()
    }) : (tensor<4x32x1xi1>, tensor<i1>) -> tensor<4x32xi1>
    %846 = "stablehlo.gather"(%835, %635) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x33xf32>, tensor<4x32x1xi32>) -> tensor<4x32xf32>
    %847 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %848 = "stablehlo.broadcast_in_dim"(%847) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32xf32>
    %849 = "stablehlo.select"(%845, %846, %848) : (tensor<4x32xi1>, tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %850 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %851 = "stablehlo.broadcast_in_dim"(%850) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32xf32>
    %852 = "stablehlo.select"(%656, %849, %851) : (tensor<4x32xi1>, tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %853 = "stablehlo.reshape"(%852) : (tensor<4x32xf32>) -> tensor<4x16x2xf32>
    %854 = "stablehlo.broadcast_in_dim"(%585) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %855 = "stablehlo.multiply"(%853, %854) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %856 = "stablehlo.multiply"(%855, %575#0) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %857 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %858 = "stablehlo.reduce"(%856, %857) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg146: tensor<f32>, %arg147: tensor<f32>):
      %1370 = "stablehlo.add"(%arg146, %arg147) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1370) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %859 = "stablehlo.reshape"(%858) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %860 = "stablehlo.negate"(%859) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %861 = "stablehlo.broadcast_in_dim"(%579) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %862 = "stablehlo.divide"(%853, %861) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %863 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %864 = "stablehlo.reduce"(%860, %863) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg144: tensor<f32>, %arg145: tensor<f32>):
      %1369 = "stablehlo.add"(%arg144, %arg145) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1369) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %865 = "stablehlo.broadcast_in_dim"(%864) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x2xf32>
    %866 = "stablehlo.add"(%862, %865) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %867 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %868 = "stablehlo.broadcast_in_dim"(%867) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x4xf32>
    %869 = "stablehlo.scatter"(%868, %576, %866) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg142: tensor<f32>, %arg143: tensor<f32>):
      %1368 = "stablehlo.add"(%arg142, %arg143) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1368) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x2x1xi32>, tensor<4x16x2xf32>) -> tensor<4x16x4xf32>
    %870 = "stablehlo.broadcast_in_dim"(%574) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %871 = "stablehlo.multiply"(%869, %870) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %872 = "stablehlo.multiply"(%871, %565) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %873 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %874 = "stablehlo.reduce"(%872, %873) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg140: tensor<f32>, %arg141: tensor<f32>):
      %1367 = "stablehlo.add"(%arg140, %arg141) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1367) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %875 = "stablehlo.reshape"(%874) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %876 = "stablehlo.negate"(%875) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %877 = "stablehlo.broadcast_in_dim"(%568) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %878 = "stablehlo.divide"(%869, %877) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %879 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %880 = "stablehlo.reduce"(%876, %879) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg138: tensor<f32>, %arg139: tensor<f32>):
      %1366 = "stablehlo.add"(%arg138, %arg139) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1366) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %881 = "stablehlo.broadcast_in_dim"(%880) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x4xf32>
    %882 = "stablehlo.add"(%878, %881) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %883 = "stablehlo.multiply"(%882, %565) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %884 = "stablehlo.dot_general"(%883, %555) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<4x16x64xf32>) -> tensor<4x64xf32>
    %885 = "stablehlo.transpose"(%884) <{permutation = array<i64: 1, 0>}> : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %886 = "stablehlo.dot_general"(%883, %arg70) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<64x4xf32>) -> tensor<4x16x64xf32>
    %887 = "stablehlo.add"(%833, %886) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %888 = "stablehlo.multiply"(%542, %887) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %889 = "stablehlo.multiply"(%887, %554) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %890 = "stablehlo.broadcast_in_dim"(%546) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %891 = "stablehlo.multiply"(%890, %888) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %892 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %893 = "stablehlo.reduce"(%891, %892) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg136: tensor<f32>, %arg137: tensor<f32>):
      %1365 = "stablehlo.add"(%arg136, %arg137) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1365) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %894 = "stablehlo.reshape"(%893) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %895 = "stablehlo.broadcast_in_dim"(%551) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %896 = "stablehlo.multiply"(%888, %895) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %897 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %898 = "stablehlo.reduce"(%896, %897) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg134: tensor<f32>, %arg135: tensor<f32>):
      %1364 = "stablehlo.add"(%arg134, %arg135) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1364) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %899 = "stablehlo.reshape"(%898) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %900 = "stablehlo.reshape"(%894) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %901 = "stablehlo.multiply"(%899, %550) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %902 = "stablehlo.add"(%772, %889) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %903 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %904 = "stablehlo.reduce"(%901, %903) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg132: tensor<f32>, %arg133: tensor<f32>):
      %1363 = "stablehlo.add"(%arg132, %arg133) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1363) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %905 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %906 = "stablehlo.broadcast_in_dim"(%905) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %907 = "stablehlo.divide"(%904, %906) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %908 = "stablehlo.broadcast_in_dim"(%907) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %909 = "stablehlo.multiply"(%908, %531) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %910 = "stablehlo.add"(%902, %909) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %911 = "stablehlo.dot_general"(%910, %525) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %912 = "stablehlo.transpose"(%911) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %913 = "stablehlo.dot_general"(%910, %arg78) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %914 = "stablehlo.reshape"(%913) : (tensor<4x16x64xf32>) -> tensor<4x16x2x2x16xf32>
    %915 = "stablehlo.transpose"(%914) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %916 = "stablehlo.dot_general"(%915, %493) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %917 = "stablehlo.dot_general"(%915, %518) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16xf32>
    %918 = "stablehlo.transpose"(%917) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %919 = "stablehlo.broadcast_in_dim"(%522) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %920 = "stablehlo.multiply"(%916, %919) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %921 = "stablehlo.multiply"(%920, %513) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %922 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %923 = "stablehlo.reduce"(%921, %922) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg130: tensor<f32>, %arg131: tensor<f32>):
      %1362 = "stablehlo.add"(%arg130, %arg131) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1362) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %924 = "stablehlo.reshape"(%923) : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %925 = "stablehlo.negate"(%924) : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %926 = "stablehlo.broadcast_in_dim"(%516) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %927 = "stablehlo.divide"(%916, %926) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %928 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %929 = "stablehlo.reduce"(%925, %928) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg128: tensor<f32>, %arg129: tensor<f32>):
      %1361 = "stablehlo.add"(%arg128, %arg129) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1361) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x1xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %930 = "stablehlo.broadcast_in_dim"(%929) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %931 = "stablehlo.add"(%927, %930) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %932 = "stablehlo.multiply"(%931, %513) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %933 = "func.call"(%504#1, %932) <{callee = @_where_8}> : (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %934 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %935 = "stablehlo.broadcast_in_dim"(%934) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %936 = "stablehlo.divide"(%933, %935) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %937 = "stablehlo.transpose"(%936) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16x2xf32>
    %938 = "stablehlo.dot_general"(%937, %491) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %939 = "stablehlo.transpose"(%938) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %940 = "stablehlo.dot_general"(%937, %494) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16xf32>
    %941 = "stablehlo.transpose"(%940) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %942 = "stablehlo.reshape"(%939) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x4x16xf32>
    %943 = "stablehlo.reshape"(%918) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %944 = "stablehlo.dot_general"(%943, %465) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %945 = "stablehlo.transpose"(%944) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %946 = "stablehlo.dot_general"(%943, %arg80) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %947 = "stablehlo.broadcast_in_dim"(%488) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %948 = "stablehlo.multiply"(%941, %947) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %949 = "stablehlo.broadcast_in_dim"(%485) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %950 = "stablehlo.multiply"(%941, %949) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %951 = "stablehlo.slice"(%948) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %952 = "stablehlo.slice"(%948) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %953 = "stablehlo.negate"(%951) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %954 = "stablehlo.concatenate"(%952, %953) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %955 = "stablehlo.add"(%950, %954) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %956 = "stablehlo.reshape"(%955) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %957 = "stablehlo.dot_general"(%956, %465) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %958 = "stablehlo.transpose"(%957) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %959 = "stablehlo.dot_general"(%956, %arg77) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %960 = "stablehlo.add"(%946, %959) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %961 = "stablehlo.broadcast_in_dim"(%475) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %962 = "stablehlo.multiply"(%942, %961) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %963 = "stablehlo.broadcast_in_dim"(%472) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %964 = "stablehlo.multiply"(%942, %963) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %965 = "stablehlo.slice"(%962) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %966 = "stablehlo.slice"(%962) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %967 = "stablehlo.negate"(%965) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %968 = "stablehlo.concatenate"(%966, %967) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %969 = "stablehlo.add"(%964, %968) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %970 = "stablehlo.reshape"(%969) : (tensor<4x16x4x16xf32>) -> tensor<4x16x64xf32>
    %971 = "stablehlo.dot_general"(%970, %465) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %972 = "stablehlo.transpose"(%971) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %973 = "stablehlo.dot_general"(%970, %arg79) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %974 = "stablehlo.add"(%960, %973) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %975 = "stablehlo.multiply"(%452, %974) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %976 = "stablehlo.multiply"(%974, %464) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %977 = "stablehlo.broadcast_in_dim"(%456) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %978 = "stablehlo.multiply"(%977, %975) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %979 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %980 = "stablehlo.reduce"(%978, %979) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg126: tensor<f32>, %arg127: tensor<f32>):
      %1360 = "stablehlo.add"(%arg126, %arg127) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1360) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %981 = "stablehlo.reshape"(%980) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %982 = "stablehlo.broadcast_in_dim"(%461) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %983 = "stablehlo.multiply"(%975, %982) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %984 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %985 = "stablehlo.reduce"(%983, %984) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg124: tensor<f32>, %arg125: tensor<f32>):
      %1359 = "stablehlo.add"(%arg124, %arg125) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1359) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %986 = "stablehlo.reshape"(%985) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %987 = "stablehlo.reshape"(%981) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %988 = "stablehlo.multiply"(%986, %460) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %989 = "stablehlo.add"(%910, %976) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %990 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %991 = "stablehlo.reduce"(%988, %990) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg122: tensor<f32>, %arg123: tensor<f32>):
      %1358 = "stablehlo.add"(%arg122, %arg123) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1358) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %992 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %993 = "stablehlo.broadcast_in_dim"(%992) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %994 = "stablehlo.divide"(%991, %993) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %995 = "stablehlo.broadcast_in_dim"(%994) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %996 = "stablehlo.multiply"(%995, %441) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %997 = "stablehlo.add"(%989, %996) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %998 = "stablehlo.dot_general"(%997, %434) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x96xf32>) -> tensor<64x96xf32>
    %999 = "stablehlo.transpose"(%998) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xf32>) -> tensor<96x64xf32>
    %1000 = "stablehlo.dot_general"(%997, %arg59) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<96x64xf32>) -> tensor<4x16x96xf32>
    %1001 = "stablehlo.multiply"(%432#0, %1000) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %1002 = "stablehlo.multiply"(%1000, %433) : (tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %1003 = "stablehlo.dot_general"(%1001, %289) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %1004 = "stablehlo.transpose"(%1003) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %1005 = "stablehlo.dot_general"(%1001, %arg60) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %1006 = "func.call"(%432#1, %432#2, %431, %1002) <{callee = @silu_6}> : (tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>, tensor<4x16x96xf32>) -> tensor<4x16x96xf32>
    %1007 = "stablehlo.dot_general"(%1006, %289) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<4x16x64xf32>) -> tensor<96x64xf32>
    %1008 = "stablehlo.transpose"(%1007) <{permutation = array<i64: 1, 0>}> : (tensor<96x64xf32>) -> tensor<64x96xf32>
    %1009 = "stablehlo.dot_general"(%1006, %arg58) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x96xf32>, tensor<64x96xf32>) -> tensor<4x16x64xf32>
    %1010 = "stablehlo.add"(%1005, %1009) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1011 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1012 = "stablehlo.pad"(%997, %1011) <{edge_padding_high = array<i64: 0, 1, 0>, edge_padding_low = array<i64: 0, 0, 0>, interior_padding = array<i64: 0, 0, 0>}> : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x17x64xf32>
    %1013 = "stablehlo.constant"() <{value = dense<16> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1014 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1015 = "stablehlo.broadcast_in_dim"(%1014) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32x1xi32>
    %1016 = "stablehlo.compare"(%427, %1015) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %1017 = "stablehlo.broadcast_in_dim"(%1013) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %1018 = "stablehlo.broadcast_in_dim"(%1017) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<4x32x1xi32>
    %1019 = "stablehlo.compare"(%427, %1018) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %1020 = "stablehlo.and"(%1016, %1019) : (tensor<4x32x1xi1>, tensor<4x32x1xi1>) -> tensor<4x32x1xi1>
    %1021 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %1022 = "stablehlo.reduce"(%1020, %1021) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg120: tensor<i1>, %arg121: tensor<i1>):
      %1357 = "stablehlo.and"(%arg120, %arg121) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%1357) : (tensor<i1>) -> ()
    }) : (tensor<4x32x1xi1>, tensor<i1>) -> tensor<4x32xi1>
    %1023 = "stablehlo.gather"(%1012, %427) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 64>}> : (tensor<4x17x64xf32>, tensor<4x32x1xi32>) -> tensor<4x32x64xf32>
    %1024 = "stablehlo.broadcast_in_dim"(%1022) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x32xi1>) -> tensor<4x32x64xi1>
    %1025 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1026 = "stablehlo.broadcast_in_dim"(%1025) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32x64xf32>
    %1027 = "stablehlo.select"(%1024, %1023, %1026) : (tensor<4x32x64xi1>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %1028 = "stablehlo.multiply"(%414, %1027) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %1029 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1030 = "stablehlo.reduce"(%1028, %1029) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg118: tensor<f32>, %arg119: tensor<f32>):
      %1356 = "stablehlo.add"(%arg118, %arg119) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1356) : (tensor<f32>) -> ()
    }) : (tensor<4x32x64xf32>, tensor<f32>) -> tensor<4x32xf32>
    %1031 = "stablehlo.reshape"(%1030) : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %1032 = "stablehlo.broadcast_in_dim"(%415) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x32x1xf32>) -> tensor<4x32x64xf32>
    %1033 = "stablehlo.multiply"(%1027, %1032) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %1034 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1035 = "stablehlo.reduce"(%1031, %1034) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg116: tensor<f32>, %arg117: tensor<f32>):
      %1355 = "stablehlo.add"(%arg116, %arg117) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1355) : (tensor<f32>) -> ()
    }) : (tensor<4x32x1xf32>, tensor<f32>) -> tensor<4x32xf32>
    %1036 = "stablehlo.reshape"(%1033) : (tensor<4x32x64xf32>) -> tensor<4x4x8x64xf32>
    %1037 = "stablehlo.transpose"(%1036) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %1038 = "stablehlo.dot_general"(%1037, %411) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x4x8x96xf32>) -> tensor<4x64x96xf32>
    %1039 = "stablehlo.transpose"(%1038) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x64x96xf32>) -> tensor<4x96x64xf32>
    %1040 = "stablehlo.dot_general"(%1037, %arg62) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x64xf32>, tensor<4x96x64xf32>) -> tensor<4x4x8x96xf32>
    %1041 = "stablehlo.multiply"(%409#0, %1040) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %1042 = "stablehlo.multiply"(%1040, %410) : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %1043 = "stablehlo.dot_general"(%1041, %407) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %1044 = "stablehlo.transpose"(%1043) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %1045 = "stablehlo.dot_general"(%1041, %arg63) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %1046 = "func.call"(%409#1, %409#2, %408, %1042) <{callee = @silu_7}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>, tensor<4x4x8x96xf32>) -> tensor<4x4x8x96xf32>
    %1047 = "stablehlo.dot_general"(%1046, %407) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x4x8x64xf32>) -> tensor<4x96x64xf32>
    %1048 = "stablehlo.transpose"(%1047) <{permutation = array<i64: 0, 2, 1>}> : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
    %1049 = "stablehlo.dot_general"(%1046, %arg61) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x4x8x96xf32>, tensor<4x64x96xf32>) -> tensor<4x4x8x64xf32>
    %1050 = "stablehlo.add"(%1045, %1049) : (tensor<4x4x8x64xf32>, tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %1051 = "stablehlo.transpose"(%1050) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<4x4x8x64xf32>) -> tensor<4x4x8x64xf32>
    %1052 = "stablehlo.reshape"(%1051) : (tensor<4x4x8x64xf32>) -> tensor<4x32x64xf32>
    %1053 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1054 = "stablehlo.broadcast_in_dim"(%1053) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x17x64xf32>
    %1055 = "stablehlo.scatter"(%1054, %404, %1052) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg114: tensor<f32>, %arg115: tensor<f32>):
      %1354 = "stablehlo.add"(%arg114, %arg115) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1354) : (tensor<f32>) -> ()
    }) : (tensor<4x17x64xf32>, tensor<4x32x1xi32>, tensor<4x32x64xf32>) -> tensor<4x17x64xf32>
    %1056 = "stablehlo.slice"(%1055) <{limit_indices = array<i64: 4, 16, 64>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x17x64xf32>) -> tensor<4x16x64xf32>
    %1057 = "stablehlo.slice"(%1055) <{limit_indices = array<i64: 4, 17, 64>, start_indices = array<i64: 0, 16, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<4x17x64xf32>) -> tensor<4x1x64xf32>
    %1058 = "stablehlo.add"(%1010, %1056) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1059 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1060 = "stablehlo.pad"(%1035, %1059) <{edge_padding_high = array<i64: 0, 1>, edge_padding_low = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<4x32xf32>, tensor<f32>) -> tensor<4x33xf32>
    %1061 = "stablehlo.constant"() <{value = dense<32> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1062 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1063 = "stablehlo.broadcast_in_dim"(%1062) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x32x1xi32>
    %1064 = "stablehlo.compare"(%369, %1063) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %1065 = "stablehlo.broadcast_in_dim"(%1061) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %1066 = "stablehlo.broadcast_in_dim"(%1065) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<4x32x1xi32>
    %1067 = "stablehlo.compare"(%369, %1066) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x32x1xi32>, tensor<4x32x1xi32>) -> tensor<4x32x1xi1>
    %1068 = "stablehlo.and"(%1064, %1067) : (tensor<4x32x1xi1>, tensor<4x32x1xi1>) -> tensor<4x32x1xi1>
    %1069 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %1070 = "stablehlo.reduce"(%1068, %1069) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg112: tensor<i1>, %arg113: tensor<i1>):
      %1353 = "stablehlo.and"(%arg112, %arg113) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%1353) : (tensor<i1>) -> ()
    }) : (tensor<4x32x1xi1>, tensor<i1>) -> tensor<4x32xi1>
    %1071 = "stablehlo.gather"(%1060, %369) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x33xf32>, tensor<4x32x1xi32>) -> tensor<4x32xf32>
    %1072 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1073 = "stablehlo.broadcast_in_dim"(%1072) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32xf32>
    %1074 = "stablehlo.select"(%1070, %1071, %1073) : (tensor<4x32xi1>, tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %1075 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1076 = "stablehlo.broadcast_in_dim"(%1075) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x32xf32>
    %1077 = "stablehlo.select"(%390, %1074, %1076) : (tensor<4x32xi1>, tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %1078 = "stablehlo.reshape"(%1077) : (tensor<4x32xf32>) -> tensor<4x16x2xf32>
    %1079 = "stablehlo.broadcast_in_dim"(%319) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %1080 = "stablehlo.multiply"(%1078, %1079) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %1081 = "stablehlo.multiply"(%1080, %309#0) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %1082 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1083 = "stablehlo.reduce"(%1081, %1082) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg110: tensor<f32>, %arg111: tensor<f32>):
      %1352 = "stablehlo.add"(%arg110, %arg111) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1352) : (tensor<f32>) -> ()
    }) : (tensor<4x16x2xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1084 = "stablehlo.reshape"(%1083) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %1085 = "stablehlo.negate"(%1084) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %1086 = "stablehlo.broadcast_in_dim"(%313) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x2xf32>
    %1087 = "stablehlo.divide"(%1078, %1086) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %1088 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1089 = "stablehlo.reduce"(%1085, %1088) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg108: tensor<f32>, %arg109: tensor<f32>):
      %1351 = "stablehlo.add"(%arg108, %arg109) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1351) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1090 = "stablehlo.broadcast_in_dim"(%1089) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x2xf32>
    %1091 = "stablehlo.add"(%1087, %1090) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %1092 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1093 = "stablehlo.broadcast_in_dim"(%1092) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x4xf32>
    %1094 = "stablehlo.scatter"(%1093, %310, %1091) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg106: tensor<f32>, %arg107: tensor<f32>):
      %1350 = "stablehlo.add"(%arg106, %arg107) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1350) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x2x1xi32>, tensor<4x16x2xf32>) -> tensor<4x16x4xf32>
    %1095 = "stablehlo.broadcast_in_dim"(%308) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %1096 = "stablehlo.multiply"(%1094, %1095) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %1097 = "stablehlo.multiply"(%1096, %299) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %1098 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1099 = "stablehlo.reduce"(%1097, %1098) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg104: tensor<f32>, %arg105: tensor<f32>):
      %1349 = "stablehlo.add"(%arg104, %arg105) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1349) : (tensor<f32>) -> ()
    }) : (tensor<4x16x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1100 = "stablehlo.reshape"(%1099) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %1101 = "stablehlo.negate"(%1100) : (tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %1102 = "stablehlo.broadcast_in_dim"(%302) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x4xf32>
    %1103 = "stablehlo.divide"(%1094, %1102) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %1104 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1105 = "stablehlo.reduce"(%1101, %1104) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg102: tensor<f32>, %arg103: tensor<f32>):
      %1348 = "stablehlo.add"(%arg102, %arg103) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1348) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1106 = "stablehlo.broadcast_in_dim"(%1105) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x4xf32>
    %1107 = "stablehlo.add"(%1103, %1106) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %1108 = "stablehlo.multiply"(%1107, %299) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %1109 = "stablehlo.dot_general"(%1108, %289) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<4x16x64xf32>) -> tensor<4x64xf32>
    %1110 = "stablehlo.transpose"(%1109) <{permutation = array<i64: 1, 0>}> : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %1111 = "stablehlo.dot_general"(%1108, %arg57) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x4xf32>, tensor<64x4xf32>) -> tensor<4x16x64xf32>
    %1112 = "stablehlo.add"(%1058, %1111) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1113 = "stablehlo.multiply"(%276, %1112) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1114 = "stablehlo.multiply"(%1112, %288) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1115 = "stablehlo.broadcast_in_dim"(%280) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %1116 = "stablehlo.multiply"(%1115, %1113) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1117 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1118 = "stablehlo.reduce"(%1116, %1117) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg100: tensor<f32>, %arg101: tensor<f32>):
      %1347 = "stablehlo.add"(%arg100, %arg101) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1347) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %1119 = "stablehlo.reshape"(%1118) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %1120 = "stablehlo.broadcast_in_dim"(%285) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %1121 = "stablehlo.multiply"(%1113, %1120) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1122 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1123 = "stablehlo.reduce"(%1121, %1122) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg98: tensor<f32>, %arg99: tensor<f32>):
      %1346 = "stablehlo.add"(%arg98, %arg99) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1346) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1124 = "stablehlo.reshape"(%1123) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %1125 = "stablehlo.reshape"(%1119) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %1126 = "stablehlo.multiply"(%1124, %284) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %1127 = "stablehlo.add"(%997, %1114) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1128 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1129 = "stablehlo.reduce"(%1126, %1128) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg96: tensor<f32>, %arg97: tensor<f32>):
      %1345 = "stablehlo.add"(%arg96, %arg97) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1345) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1130 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %1131 = "stablehlo.broadcast_in_dim"(%1130) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %1132 = "stablehlo.divide"(%1129, %1131) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %1133 = "stablehlo.broadcast_in_dim"(%1132) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %1134 = "stablehlo.multiply"(%1133, %265) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1135 = "stablehlo.add"(%1127, %1134) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1136 = "stablehlo.dot_general"(%1135, %259) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %1137 = "stablehlo.transpose"(%1136) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1138 = "stablehlo.dot_general"(%1135, %arg65) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %1139 = "stablehlo.reshape"(%1138) : (tensor<4x16x64xf32>) -> tensor<4x16x2x2x16xf32>
    %1140 = "stablehlo.transpose"(%1139) <{permutation = array<i64: 0, 2, 4, 3, 1>}> : (tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %1141 = "stablehlo.dot_general"(%1140, %227) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1142 = "stablehlo.dot_general"(%1140, %252) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [2, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x2x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16xf32>
    %1143 = "stablehlo.transpose"(%1142) <{permutation = array<i64: 0, 3, 1, 2>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %1144 = "stablehlo.broadcast_in_dim"(%256) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %1145 = "stablehlo.multiply"(%1141, %1144) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1146 = "stablehlo.multiply"(%1145, %247) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1147 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1148 = "stablehlo.reduce"(%1146, %1147) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg94: tensor<f32>, %arg95: tensor<f32>):
      %1344 = "stablehlo.add"(%arg94, %arg95) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1344) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x16xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %1149 = "stablehlo.reshape"(%1148) : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x1xf32>
    %1150 = "stablehlo.negate"(%1149) : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x1xf32>
    %1151 = "stablehlo.broadcast_in_dim"(%250) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<4x2x2x16x1xf32>) -> tensor<4x2x2x16x16xf32>
    %1152 = "stablehlo.divide"(%1141, %1151) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1153 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1154 = "stablehlo.reduce"(%1150, %1153) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg92: tensor<f32>, %arg93: tensor<f32>):
      %1343 = "stablehlo.add"(%arg92, %arg93) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1343) : (tensor<f32>) -> ()
    }) : (tensor<4x2x2x16x1xf32>, tensor<f32>) -> tensor<4x2x2x16xf32>
    %1155 = "stablehlo.broadcast_in_dim"(%1154) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x2x2x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1156 = "stablehlo.add"(%1152, %1155) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1157 = "stablehlo.multiply"(%1156, %247) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1158 = "func.call"(%238#1, %1157) <{callee = @_where_8}> : (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1159 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1160 = "stablehlo.broadcast_in_dim"(%1159) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %1161 = "stablehlo.divide"(%1158, %1160) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    %1162 = "stablehlo.transpose"(%1161) <{permutation = array<i64: 0, 1, 4, 3, 2>}> : (tensor<4x2x2x16x16xf32>) -> tensor<4x2x16x16x2xf32>
    %1163 = "stablehlo.dot_general"(%1162, %225) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x16xf32>) -> tensor<4x2x16x2x16xf32>
    %1164 = "stablehlo.transpose"(%1163) <{permutation = array<i64: 0, 2, 1, 3, 4>}> : (tensor<4x2x16x2x16xf32>) -> tensor<4x16x2x2x16xf32>
    %1165 = "stablehlo.dot_general"(%1162, %228) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3, 4], rhs_contracting_dimensions = [1, 3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x16x16x2xf32>, tensor<4x16x2x2x16xf32>) -> tensor<4x2x16x16xf32>
    %1166 = "stablehlo.transpose"(%1165) <{permutation = array<i64: 0, 2, 1, 3>}> : (tensor<4x2x16x16xf32>) -> tensor<4x16x2x16xf32>
    %1167 = "stablehlo.reshape"(%1164) : (tensor<4x16x2x2x16xf32>) -> tensor<4x16x4x16xf32>
    %1168 = "stablehlo.reshape"(%1143) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %1169 = "stablehlo.dot_general"(%1168, %199) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %1170 = "stablehlo.transpose"(%1169) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %1171 = "stablehlo.dot_general"(%1168, %arg67) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %1172 = "stablehlo.broadcast_in_dim"(%222) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %1173 = "stablehlo.multiply"(%1166, %1172) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %1174 = "stablehlo.broadcast_in_dim"(%219) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x2x16xf32>
    %1175 = "stablehlo.multiply"(%1166, %1174) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %1176 = "stablehlo.slice"(%1173) <{limit_indices = array<i64: 4, 16, 2, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %1177 = "stablehlo.slice"(%1173) <{limit_indices = array<i64: 4, 16, 2, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x2x16xf32>) -> tensor<4x16x2x8xf32>
    %1178 = "stablehlo.negate"(%1176) : (tensor<4x16x2x8xf32>) -> tensor<4x16x2x8xf32>
    %1179 = "stablehlo.concatenate"(%1177, %1178) <{dimension = 3 : i64}> : (tensor<4x16x2x8xf32>, tensor<4x16x2x8xf32>) -> tensor<4x16x2x16xf32>
    %1180 = "stablehlo.add"(%1175, %1179) : (tensor<4x16x2x16xf32>, tensor<4x16x2x16xf32>) -> tensor<4x16x2x16xf32>
    %1181 = "stablehlo.reshape"(%1180) : (tensor<4x16x2x16xf32>) -> tensor<4x16x32xf32>
    %1182 = "stablehlo.dot_general"(%1181, %199) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<4x16x64xf32>) -> tensor<32x64xf32>
    %1183 = "stablehlo.transpose"(%1182) <{permutation = array<i64: 1, 0>}> : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %1184 = "stablehlo.dot_general"(%1181, %arg64) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x32xf32>, tensor<64x32xf32>) -> tensor<4x16x64xf32>
    %1185 = "stablehlo.add"(%1171, %1184) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1186 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %1187 = "stablehlo.multiply"(%1167, %1186) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %1188 = "stablehlo.broadcast_in_dim"(%206) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x16x1x16xf32>) -> tensor<4x16x4x16xf32>
    %1189 = "stablehlo.multiply"(%1167, %1188) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %1190 = "stablehlo.slice"(%1187) <{limit_indices = array<i64: 4, 16, 4, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %1191 = "stablehlo.slice"(%1187) <{limit_indices = array<i64: 4, 16, 4, 16>, start_indices = array<i64: 0, 0, 0, 8>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x16x4x16xf32>) -> tensor<4x16x4x8xf32>
    %1192 = "stablehlo.negate"(%1190) : (tensor<4x16x4x8xf32>) -> tensor<4x16x4x8xf32>
    %1193 = "stablehlo.concatenate"(%1191, %1192) <{dimension = 3 : i64}> : (tensor<4x16x4x8xf32>, tensor<4x16x4x8xf32>) -> tensor<4x16x4x16xf32>
    %1194 = "stablehlo.add"(%1189, %1193) : (tensor<4x16x4x16xf32>, tensor<4x16x4x16xf32>) -> tensor<4x16x4x16xf32>
    %1195 = "stablehlo.reshape"(%1194) : (tensor<4x16x4x16xf32>) -> tensor<4x16x64xf32>
    %1196 = "stablehlo.dot_general"(%1195, %199) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0, 1], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<64x64xf32>
    %1197 = "stablehlo.transpose"(%1196) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %1198 = "stablehlo.dot_general"(%1195, %arg66) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x16x64xf32>, tensor<64x64xf32>) -> tensor<4x16x64xf32>
    %1199 = "stablehlo.add"(%1185, %1198) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1200 = "stablehlo.multiply"(%186, %1199) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1201 = "stablehlo.multiply"(%1199, %198) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1202 = "stablehlo.broadcast_in_dim"(%190) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x1xf32>) -> tensor<4x16x64xf32>
    %1203 = "stablehlo.multiply"(%1202, %1200) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1204 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1205 = "stablehlo.reduce"(%1203, %1204) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg90: tensor<f32>, %arg91: tensor<f32>):
      %1342 = "stablehlo.add"(%arg90, %arg91) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1342) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %1206 = "stablehlo.reshape"(%1205) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %1207 = "stablehlo.broadcast_in_dim"(%195) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<4x16x64xf32>
    %1208 = "stablehlo.multiply"(%1200, %1207) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1209 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1210 = "stablehlo.reduce"(%1208, %1209) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg88: tensor<f32>, %arg89: tensor<f32>):
      %1341 = "stablehlo.add"(%arg88, %arg89) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1341) : (tensor<f32>) -> ()
    }) : (tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1211 = "stablehlo.reshape"(%1210) : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %1212 = "stablehlo.reshape"(%1206) : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %1213 = "stablehlo.multiply"(%1211, %194) : (tensor<4x16x1xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %1214 = "stablehlo.add"(%1135, %1201) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1215 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1216 = "stablehlo.reduce"(%1213, %1215) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg86: tensor<f32>, %arg87: tensor<f32>):
      %1340 = "stablehlo.add"(%arg86, %arg87) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1340) : (tensor<f32>) -> ()
    }) : (tensor<4x16x1xf32>, tensor<f32>) -> tensor<4x16xf32>
    %1217 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %1218 = "stablehlo.broadcast_in_dim"(%1217) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16xf32>
    %1219 = "stablehlo.divide"(%1216, %1218) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %1220 = "stablehlo.broadcast_in_dim"(%1219) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x64xf32>
    %1221 = "stablehlo.multiply"(%1220, %175) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1222 = "stablehlo.add"(%1214, %1221) : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    %1223 = "func.call"(%149#1, %1222) <{callee = @_take_9}> : (tensor<4x16x1xi32>, tensor<4x16x64xf32>) -> tensor<128x64xf32>
    %1224 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1225 = "stablehlo.broadcast_in_dim"(%1224) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1226 = "stablehlo.multiply"(%1225, %1212) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1227 = "stablehlo.subtract"(%arg55, %1226) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1228 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1229 = "stablehlo.broadcast_in_dim"(%1228) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1230 = "stablehlo.multiply"(%1229, %1125) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1231 = "stablehlo.subtract"(%arg56, %1230) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1232 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1233 = "stablehlo.broadcast_in_dim"(%1232) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x4xf32>
    %1234 = "stablehlo.multiply"(%1233, %1110) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1235 = "stablehlo.subtract"(%arg57, %1234) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1236 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1237 = "stablehlo.broadcast_in_dim"(%1236) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1238 = "stablehlo.multiply"(%1237, %1008) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1239 = "stablehlo.subtract"(%arg58, %1238) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1240 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1241 = "stablehlo.broadcast_in_dim"(%1240) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x64xf32>
    %1242 = "stablehlo.multiply"(%1241, %999) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1243 = "stablehlo.subtract"(%arg59, %1242) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1244 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1245 = "stablehlo.broadcast_in_dim"(%1244) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1246 = "stablehlo.multiply"(%1245, %1004) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1247 = "stablehlo.subtract"(%arg60, %1246) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1248 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1249 = "stablehlo.broadcast_in_dim"(%1248) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1250 = "stablehlo.multiply"(%1249, %1048) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1251 = "stablehlo.subtract"(%arg61, %1250) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1252 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1253 = "stablehlo.broadcast_in_dim"(%1252) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x96x64xf32>
    %1254 = "stablehlo.multiply"(%1253, %1039) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1255 = "stablehlo.subtract"(%arg62, %1254) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1256 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1257 = "stablehlo.broadcast_in_dim"(%1256) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1258 = "stablehlo.multiply"(%1257, %1044) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1259 = "stablehlo.subtract"(%arg63, %1258) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1260 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1261 = "stablehlo.broadcast_in_dim"(%1260) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1262 = "stablehlo.multiply"(%1261, %1183) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1263 = "stablehlo.subtract"(%arg64, %1262) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1264 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1265 = "stablehlo.broadcast_in_dim"(%1264) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1266 = "stablehlo.multiply"(%1265, %1137) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1267 = "stablehlo.subtract"(%arg65, %1266) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1268 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1269 = "stablehlo.broadcast_in_dim"(%1268) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1270 = "stablehlo.multiply"(%1269, %1197) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1271 = "stablehlo.subtract"(%arg66, %1270) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1272 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1273 = "stablehlo.broadcast_in_dim"(%1272) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1274 = "stablehlo.multiply"(%1273, %1170) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1275 = "stablehlo.subtract"(%arg67, %1274) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1276 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1277 = "stablehlo.broadcast_in_dim"(%1276) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1278 = "stablehlo.multiply"(%1277, %987) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1279 = "stablehlo.subtract"(%arg68, %1278) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1280 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1281 = "stablehlo.broadcast_in_dim"(%1280) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1282 = "stablehlo.multiply"(%1281, %900) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1283 = "stablehlo.subtract"(%arg69, %1282) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1284 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1285 = "stablehlo.broadcast_in_dim"(%1284) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x4xf32>
    %1286 = "stablehlo.multiply"(%1285, %885) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1287 = "stablehlo.subtract"(%arg70, %1286) : (tensor<64x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %1288 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1289 = "stablehlo.broadcast_in_dim"(%1288) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1290 = "stablehlo.multiply"(%1289, %783) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1291 = "stablehlo.subtract"(%arg71, %1290) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1292 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1293 = "stablehlo.broadcast_in_dim"(%1292) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<96x64xf32>
    %1294 = "stablehlo.multiply"(%1293, %774) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1295 = "stablehlo.subtract"(%arg72, %1294) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
    %1296 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1297 = "stablehlo.broadcast_in_dim"(%1296) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x96xf32>
    %1298 = "stablehlo.multiply"(%1297, %779) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1299 = "stablehlo.subtract"(%arg73, %1298) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
    %1300 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1301 = "stablehlo.broadcast_in_dim"(%1300) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1302 = "stablehlo.multiply"(%1301, %823) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1303 = "stablehlo.subtract"(%arg74, %1302) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1304 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1305 = "stablehlo.broadcast_in_dim"(%1304) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x96x64xf32>
    %1306 = "stablehlo.multiply"(%1305, %814) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1307 = "stablehlo.subtract"(%arg75, %1306) : (tensor<4x96x64xf32>, tensor<4x96x64xf32>) -> tensor<4x96x64xf32>
    %1308 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1309 = "stablehlo.broadcast_in_dim"(%1308) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x64x96xf32>
    %1310 = "stablehlo.multiply"(%1309, %819) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1311 = "stablehlo.subtract"(%arg76, %1310) : (tensor<4x64x96xf32>, tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
    %1312 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1313 = "stablehlo.broadcast_in_dim"(%1312) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1314 = "stablehlo.multiply"(%1313, %958) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1315 = "stablehlo.subtract"(%arg77, %1314) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1316 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1317 = "stablehlo.broadcast_in_dim"(%1316) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1318 = "stablehlo.multiply"(%1317, %912) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1319 = "stablehlo.subtract"(%arg78, %1318) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1320 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1321 = "stablehlo.broadcast_in_dim"(%1320) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x64xf32>
    %1322 = "stablehlo.multiply"(%1321, %972) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1323 = "stablehlo.subtract"(%arg79, %1322) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %1324 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1325 = "stablehlo.broadcast_in_dim"(%1324) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x32xf32>
    %1326 = "stablehlo.multiply"(%1325, %945) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1327 = "stablehlo.subtract"(%arg80, %1326) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %1328 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1329 = "stablehlo.broadcast_in_dim"(%1328) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64xf32>
    %1330 = "stablehlo.multiply"(%1329, %763) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1331 = "stablehlo.subtract"(%arg81, %1330) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %1332 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1333 = "stablehlo.broadcast_in_dim"(%1332) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<64x128xf32>
    %1334 = "stablehlo.multiply"(%1333, %749) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %1335 = "stablehlo.subtract"(%arg82, %1334) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %1336 = "stablehlo.constant"() <{value = dense<9.99999974E-5> : tensor<f32>}> : () -> tensor<f32>
    %1337 = "stablehlo.broadcast_in_dim"(%1336) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x64xf32>
    %1338 = "stablehlo.multiply"(%1337, %1223) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    %1339 = "stablehlo.subtract"(%arg83, %1338) : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x64xf32>
    "func.return"(%1227, %1231, %1235, %1239, %1243, %1247, %1251, %1255, %1259, %1263, %1267, %1271, %1275, %1279, %1283, %1287, %1291, %1295, %1299, %1303, %1307, %1311, %1315, %1319, %1323, %1327, %1331, %1335, %1339, %740) : (tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x4xf32>, tensor<64x96xf32>, tensor<96x64xf32>, tensor<64x96xf32>, tensor<4x64x96xf32>, tensor<4x96x64xf32>, tensor<4x64x96xf32>, tensor<64x32xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64x128xf32>, tensor<128x64xf32>, tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<128x64xf32>, tensor<4x16xi32>) -> (tensor<4x16x64xf32>, tensor<4x16x1xi32>), res_attrs = [{}, {}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg51: tensor<128x64xf32>, %arg52: tensor<4x16xi32>):
    %125 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %126 = "stablehlo.broadcast_in_dim"(%125) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16xi32>
    %127 = "stablehlo.compare"(%arg52, %126) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi1>
    %128 = "stablehlo.constant"() <{value = dense<128> : tensor<i32>}> : () -> tensor<i32>
    %129 = "stablehlo.broadcast_in_dim"(%128) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16xi32>
    %130 = "stablehlo.add"(%arg52, %129) : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    %131 = "func.call"(%127, %130, %arg52) <{callee = @_where}> : (tensor<4x16xi1>, tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    %132 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xi32>) -> tensor<4x16x1xi32>
    %133 = "stablehlo.constant"() <{value = dense<127> : tensor<1xi32>}> : () -> tensor<1xi32>
    %134 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %135 = "stablehlo.broadcast_in_dim"(%134) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x1xi32>
    %136 = "stablehlo.compare"(%132, %135) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi1>
    %137 = "stablehlo.broadcast_in_dim"(%133) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %138 = "stablehlo.broadcast_in_dim"(%137) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<4x16x1xi32>
    %139 = "stablehlo.compare"(%132, %138) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi1>
    %140 = "stablehlo.and"(%136, %139) : (tensor<4x16x1xi1>, tensor<4x16x1xi1>) -> tensor<4x16x1xi1>
    %141 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %142 = "stablehlo.reduce"(%140, %141) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg53: tensor<i1>, %arg54: tensor<i1>):
      %148 = "stablehlo.and"(%arg53, %arg54) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%148) : (tensor<i1>) -> ()
    }) : (tensor<4x16x1xi1>, tensor<i1>) -> tensor<4x16xi1>
    %143 = "stablehlo.gather"(%arg51, %132) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<128x64xf32>, tensor<4x16x1xi32>) -> tensor<4x16x64xf32>
    %144 = "stablehlo.broadcast_in_dim"(%142) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x16xi1>) -> tensor<4x16x64xi1>
    %145 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %146 = "stablehlo.broadcast_in_dim"(%145) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x16x64xf32>
    %147 = "stablehlo.select"(%144, %143, %146) : (tensor<4x16x64xi1>, tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
    "func.return"(%147, %132) : (tensor<4x16x64xf32>, tensor<4x16x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x16xi1>, tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg48: tensor<4x16xi1>, %arg49: tensor<4x16xi32>, %arg50: tensor<4x16xi32>):
    %124 = "stablehlo.select"(%arg48, %arg49, %arg50) : (tensor<4x16xi1>, tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    "func.return"(%124) : (tensor<4x16xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<16x16xi1>) -> tensor<16x16xi1>, res_attrs = [{}], sym_name = "tril", sym_visibility = "private"}> ({
  ^bb0(%arg47: tensor<16x16xi1>):
    %115 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16x16xi32>
    %116 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %117 = "stablehlo.broadcast_in_dim"(%116) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<16x16xi32>
    %118 = "stablehlo.add"(%115, %117) : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
    %119 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<16x16xi32>
    %120 = "stablehlo.compare"(%118, %119) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
    %121 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    %122 = "stablehlo.broadcast_in_dim"(%121) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<16x16xi1>
    %123 = "stablehlo.select"(%120, %arg47, %122) : (tensor<16x16xi1>, tensor<16x16xi1>, tensor<16x16xi1>) -> tensor<16x16xi1>
    "func.return"(%123) : (tensor<16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<f32>) -> (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>), res_attrs = [{}, {}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg44: tensor<16x16xi1>, %arg45: tensor<4x2x2x16x16xf32>, %arg46: tensor<f32>):
    %111 = "stablehlo.convert"(%arg46) : (tensor<f32>) -> tensor<f32>
    %112 = "stablehlo.broadcast_in_dim"(%arg44) <{broadcast_dimensions = array<i64: 3, 4>}> : (tensor<16x16xi1>) -> tensor<4x2x2x16x16xi1>
    %113 = "stablehlo.broadcast_in_dim"(%111) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x2x2x16x16xf32>
    %114 = "stablehlo.select"(%112, %arg45, %113) : (tensor<4x2x2x16x16xi1>, tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xf32>) -> tensor<4x2x2x16x16xf32>
    "func.return"(%114, %112) : (tensor<4x2x2x16x16xf32>, tensor<4x2x2x16x16xi1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x16x2xi32>) -> tensor<4x16x2x4xf32>, res_attrs = [{}], sym_name = "_one_hot", sym_visibility = "private"}> ({
  ^bb0(%arg43: tensor<4x16x2xi32>):
    %105 = "stablehlo.broadcast_in_dim"(%arg43) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x16x2xi32>) -> tensor<4x16x2x1xi32>
    %106 = "stablehlo.iota"() <{iota_dimension = 3 : i64}> : () -> tensor<1x1x1x4xi32>
    %107 = "stablehlo.broadcast_in_dim"(%105) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<4x16x2x1xi32>) -> tensor<4x16x2x4xi32>
    %108 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x4xi32>) -> tensor<4x16x2x4xi32>
    %109 = "stablehlo.compare"(%107, %108) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x16x2x4xi32>, tensor<4x16x2x4xi32>) -> tensor<4x16x2x4xi1>
    %110 = "stablehlo.convert"(%109) : (tensor<4x16x2x4xi1>) -> tensor<4x16x2x4xf32>
    "func.return"(%110) : (tensor<4x16x2x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>, res_attrs = [{}], sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg42: tensor<4x32x4xf32>):
    %104 = "func.call"(%arg42) <{callee = @cumsum_1}> : (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    "func.return"(%104) : (tensor<4x32x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x32x4xf32>) -> tensor<4x32x4xf32>, sym_name = "cumsum_1", sym_visibility = "private"}> ({
  ^bb0(%arg39: tensor<4x32x4xf32>):
    %100 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %101 = "stablehlo.broadcast_in_dim"(%100) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %102 = "stablehlo.reduce_window"(%arg39, %101) <{base_dilations = array<i64: 1, 1, 1>, padding = dense<[[0, 0], [31, 0], [0, 0]]> : tensor<3x2xi64>, window_dilations = array<i64: 1, 1, 1>, window_dimensions = array<i64: 1, 32, 1>, window_strides = array<i64: 1, 1, 1>}> ({
    ^bb0(%arg40: tensor<f32>, %arg41: tensor<f32>):
      %103 = "stablehlo.add"(%arg40, %arg41) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%103) : (tensor<f32>) -> ()
    }) : (tensor<4x32x4xf32>, tensor<f32>) -> tensor<4x32x4xf32>
    "func.return"(%102) : (tensor<4x32x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x16x2xi1>, tensor<4x16x2xi32>, tensor<i32>) -> tensor<4x16x2xi32>, res_attrs = [{}], sym_name = "_where_2", sym_visibility = "private"}> ({
  ^bb0(%arg36: tensor<4x16x2xi1>, %arg37: tensor<4x16x2xi32>, %arg38: tensor<i32>):
    %97 = "stablehlo.convert"(%arg38) : (tensor<i32>) -> tensor<i32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x16x2xi32>
    %99 = "stablehlo.select"(%arg36, %arg37, %98) : (tensor<4x16x2xi1>, tensor<4x16x2xi32>, tensor<4x16x2xi32>) -> tensor<4x16x2xi32>
    "func.return"(%99) : (tensor<4x16x2xi32>) -> ()
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
