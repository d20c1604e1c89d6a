#!/usr/bin/env python3
"""A user's own JAX model trained under flexc's plan: the README's "Using flexc's plan from JAX".

    cargo build --bins && pip install jax ./python
    XLA_FLAGS=--xla_force_host_platform_device_count=8 python examples/jax_plan.py

On a machine with 8 accelerators drop XLA_FLAGS. The model is a two-layer MLP with Flax-style
parameter names; any function of (params, batch...) works the same way.
"""
import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import flexc.jax  # noqa: E402


def loss_fn(params, x, y):
    h = jax.nn.relu(x @ params["Dense_0"]["kernel"] + params["Dense_0"]["bias"])
    out = h @ params["Dense_1"]["kernel"] + params["Dense_1"]["bias"]
    return jnp.mean((out - y) ** 2)


def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.05 * g, params, grads), loss


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), 4)
    params = {
        "Dense_0": {"kernel": jax.random.normal(keys[0], (256, 1024)) * 0.05, "bias": jnp.zeros(1024)},
        "Dense_1": {"kernel": jax.random.normal(keys[1], (1024, 256)) * 0.05, "bias": jnp.zeros(256)},
    }
    x = jax.random.normal(keys[2], (64, 256))
    y = jnp.tanh(x)

    # Shapes are enough: flexc sees the lowered step, never the values.
    shapes = jax.eval_shape(lambda: (params, x, y))
    plan = flexc.jax.plan(train_step, *shapes, machine="dgx-a100:1", budget="2s")
    print(plan.report)
    print("mesh:", dict(plan.mesh.shape))
    for path, spec in plan.shardings["parameters"].items():
        print(f"  {path}: {spec}")

    step = jax.jit(train_step, in_shardings=plan.in_shardings,
                   out_shardings=plan.out_shardings, donate_argnums=0)
    params, x, y = jax.device_put((params, x, y), plan.in_shardings)
    for i in range(5):
        params, loss = step(params, x, y)
        print(f"step {i}: loss {float(loss):.5f}")


if __name__ == "__main__":
    main()
