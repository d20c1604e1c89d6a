#!/usr/bin/env python3
"""A user's own PyTorch model trained under flexc's plan: the README's "Using flexc's plan from PyTorch".

    cargo build --bins && pip install torch torch-mlir ./python
    python examples/torch_plan.py            # 4 CPU processes (gloo); WORLD=2 for two
    STRATEGY=megatron:tp=1,pp=2,dp=2,m=4 python examples/torch_plan.py   # a pipeline (fc1 | fc2)

On GPUs use `dist.init_process_group("nccl")`, `device_type="cuda"` and move the model and the batch to
each rank's device. The model is a two-layer MLP with PyTorch's own parameter names (`fc1.weight`, ...);
any `nn.Module` works the same way.
"""
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
import torch.nn.functional as F

import flexc.torch


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 256)
        self.fc2 = nn.Linear(256, 64)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def train(rank, plan, state, port):
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    dist.init_process_group("gloo", rank=rank, world_size=plan["world_size"])
    torch.set_num_threads(1)
    model = MLP()
    model.load_state_dict(state)                        # the same initial weights in every rank
    dp = plan["mesh"]["shape"][0]                       # the mesh's outermost dim
    share = rank // (plan["world_size"] // dp)
    if plan.get("pipeline"):
        # Stages on torch.distributed.pipelining: the loss runs in the schedule, on the last stage.
        model, mesh = flexc.torch.apply(model, plan, example_inputs=(torch.randn(32 // dp, 64),),
                                        loss_fn=F.mse_loss)
    else:
        model, mesh = flexc.torch.apply(model, plan)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    generator = torch.Generator().manual_seed(0)       # the same batches in every rank
    for step in range(20):
        x = torch.randn(32, 64, generator=generator)
        y = torch.sin(x)
        x, y = x.chunk(dp)[share], y.chunk(dp)[share]
        if plan.get("pipeline"):
            losses = []
            model.step(x, target=y, losses=losses)
            loss = torch.stack(losses).mean() if losses else None
        else:
            loss = F.mse_loss(model(x), y)
            loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if loss is not None and share == 0 and step % 5 == 4:
            print(f"step {step + 1}: loss {loss.item():.4f} (rank {rank}, the first replica's share)")
    dist.destroy_process_group()


def main():
    world = int(os.environ.get("WORLD", "4"))
    model = MLP()
    plan = flexc.torch.plan(model, (torch.randn(32, 64),), world_size=world, strategy=os.environ.get("STRATEGY"))
    print(plan["report"], end="")
    styles = ", ".join(f"{m}: {s}" for m, s in plan["plan"].items()) or "none"
    print(f"plan: mesh {' x '.join(plan['mesh']['dims'])} = {plan['mesh']['shape']}, styles {styles}, "
          f"FSDP over dp: {plan['fsdp']}, pipeline: {plan.get('pipeline', {}).get('split_points', 'none')}")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(train, args=(plan, model.state_dict(), port), nprocs=world)


if __name__ == "__main__":
    main()
