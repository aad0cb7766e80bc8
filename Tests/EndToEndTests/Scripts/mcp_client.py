"""A real MCP client (the `mcp` package from PyPI) driving `openmarket mcp` over stdio, for the end-to-end test.

    mcp_client.py OPENMARKET PICTURE [FOREIGN_ID NOT_A_PICTURE] -- ARGUMENTS…
    mcp_client.py OPENMARKET down -- ARGUMENTS…

Lists the tools, calls each one — and, with a product of another vendor and a file that is no picture, every
kind of bad input — and prints one JSON object saying what it saw; the Swift test checks it. `down`: only a
listing, against a market that is not there.
"""
import asyncio, json, sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def texts(result):
    return [c.text for c in result.content if getattr(c, "type", "") == "text"]


def said(result):
    return {"isError": result.is_error, "text": " ".join(texts(result))}


async def total(session):
    listed = await session.call_tool("list_products", {"per_page": 1})
    return json.loads(texts(listed)[0])["total"]


async def bad_input(session, picture, foreign, not_picture):
    """Every kind of bad input a write can get: each refused with words, nothing registered."""
    before = await total(session)
    base = {"name": "Bad Kettle", "description": "Each of these is refused.", "price": "1000", "pictures": [picture]}
    cases = {
        "price": dict(base, price="a lot"),
        "currency": dict(base, currency="EUR"),
        "sixth": dict(base, pictures=[picture] * 6),
        "not_picture": dict(base, pictures=[not_picture]),
        "no_file": dict(base, pictures=["/nonexistent/kettle.jpg"]),
    }
    seen = {name: said(await session.call_tool("register_product", arguments)) for name, arguments in cases.items()}
    seen["foreign_edit"] = said(await session.call_tool("edit_product", {"id": foreign, "stock": "1"}))
    current = json.loads(texts(await session.call_tool("show_product", {"id": foreign}))[0])
    seen["foreign_same"] = said(await session.call_tool("edit_product", {"id": foreign, "stock": str(current["stock"])}))
    seen["foreign_delete"] = said(await session.call_tool("delete_product", {"id": foreign}))
    seen["page_zero"] = said(await session.call_tool("list_products", {"page": 0}))
    seen["added"] = await total(session) - before
    return seen


async def main():
    binary, picture = sys.argv[1], sys.argv[2]
    extra = sys.argv[3:sys.argv.index("--")]
    arguments = sys.argv[sys.argv.index("--") + 1:]
    server = StdioServerParameters(command=binary, args=["mcp"] + arguments, env={"OPENMARKET_CONFIG": "", "XDG_CONFIG_HOME": "/nonexistent"})
    seen = {}
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            seen["tools"] = sorted(t.name for t in tools)
            seen["schemas"] = {t.name: t.input_schema for t in tools}
            if picture == "down":
                seen["down"] = said(await session.call_tool("list_products", {"per_page": 3}))
                print(json.dumps(seen))
                return
            found = await session.call_tool("search_products", {"query": "set", "per_page": 5})
            seen["search"] = json.loads(texts(found)[0])
            listed = await session.call_tool("list_products", {"per_page": 3, "sort": "price-asc"})
            seen["list"] = json.loads(texts(listed)[0])
            first = seen["list"]["products"][0]["id"]
            shown = await session.call_tool("show_product", {"id": first, "pictures": True})
            seen["show"] = {"text": json.loads(texts(shown)[0]), "images": [c.mime_type for c in shown.content if c.type == "image"],
                            "notes": texts(shown)[1:], "isError": shown.is_error}
            if "register_product" not in seen["tools"]:
                # Not offered without an identity; called all the same, it says why.
                seen["unoffered"] = said(await session.call_tool("register_product", {
                    "name": "Agent Kettle", "description": "Registered by an agent over MCP.", "price": "12000", "pictures": [picture]}))
            else:
                refused = await session.call_tool("register_product", {"name": "ab", "description": "short", "price": "x", "pictures": []})
                seen["refused"] = {"isError": refused.is_error, "text": texts(refused)}
                made = await session.call_tool("register_product", {
                    "name": "Agent Kettle", "description": "Registered by an agent over MCP.", "price": "12000",
                    "stock": "3", "pictures": [picture]})
                product = json.loads(texts(made)[0])
                seen["registered"] = product
                edited = await session.call_tool("edit_product", {"id": product["id"], "price": "9.5", "currency": "USD"})
                seen["edited"] = json.loads(texts(edited)[0])
                over = await session.call_tool("edit_product", {"id": product["id"], "discount": "20"})
                seen["over"] = {"isError": over.is_error, "text": texts(over)}
                deleted = await session.call_tool("delete_product", {"id": product["id"]})
                seen["deleted"] = json.loads(texts(deleted)[0])
                gone = await session.call_tool("show_product", {"id": product["id"]})
                seen["gone"] = {"isError": gone.is_error, "text": texts(gone)}
                if extra:
                    seen["bad"] = await bad_input(session, picture, int(extra[0]), extra[1])
    print(json.dumps(seen))


asyncio.run(main())
